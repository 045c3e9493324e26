import type { IncomingMessage } from 'node:http';
import { type IpWords, parseIp } from '../../domain/cidr.js';
import { continentOf } from '../../domain/continents.js';
import { classify, type Visitor } from '../user-agent.js';
import { languageOf } from '../visit-facts.js';

const NO_QUERY = new URLSearchParams();

/** Where the facts that need more than the request come from (the redirect handler's settings). */
export interface FactSources {
  /** The visitor's address (the socket peer, or X-Forwarded-For behind trusted proxies). */
  clientOf(req: IncomingMessage): string;
  /** The visitor's ISO 3166-2 region in upper case, when known. */
  regionOf(req: IncomingMessage, country: string | null): string | null;
}

/**
 * What one visit is, as link rules ask it: each fact worked out at most once, and only when a rule
 * asks for it (a link without rules asks for none). Country and continent are upper case, the rest
 * lower case (rules are compiled to the same cases, so matching ignores case without folding here).
 * Also carries what the targeting decided besides the URL: the variant drawn and its cookie.
 */
export class VisitFacts {
  private visitor_: Visitor | undefined;
  private continent_: string | null | undefined;
  private region_: string | null | undefined;
  private os_: string | null | undefined;
  private browser_: string | null | undefined;
  private language_: string | null | undefined;
  private query_: URLSearchParams | undefined;
  private ip_: IpWords | null | undefined;
  /** The URL of the A/B variant the visit went to (what its click records), or null. */
  variant: string | null = null;
  /** Set-Cookie for a new variant draw, or null. */
  cookie: string | null = null;

  constructor(
    readonly req: IncomingMessage,
    readonly nowMs: number,
    /** ISO 3166-1 alpha-2, upper case. */
    readonly country: string | null,
    private readonly sources: FactSources,
  ) {}

  get visitor(): Visitor {
    if (this.visitor_ === undefined) this.visitor_ = classify(this.req.headers['user-agent']);
    return this.visitor_;
  }

  get continent(): string | null {
    if (this.continent_ === undefined) this.continent_ = continentOf(this.country);
    return this.continent_;
  }

  get region(): string | null {
    if (this.region_ === undefined) this.region_ = this.sources.regionOf(this.req, this.country);
    return this.region_;
  }

  /** desktop, mobile or tablet. */
  get device(): string {
    return this.visitor.device;
  }

  get os(): string | null {
    if (this.os_ === undefined) this.os_ = this.visitor.os?.toLowerCase() ?? null;
    return this.os_;
  }

  get browser(): string | null {
    if (this.browser_ === undefined) this.browser_ = this.visitor.browser?.toLowerCase() ?? null;
    return this.browser_;
  }

  get language(): string | null {
    if (this.language_ === undefined) this.language_ = languageOf(this.req.headers['accept-language']);
    return this.language_;
  }

  /** The incoming query string's parameters (read only: a visit without a query string gets one shared empty set). */
  get query(): URLSearchParams {
    if (this.query_ === undefined) {
      const url = this.req.url ?? '';
      const q = url.indexOf('?');
      this.query_ = q >= 0 ? new URLSearchParams(url.slice(q + 1)) : NO_QUERY;
    }
    return this.query_;
  }

  get ip(): IpWords | null {
    if (this.ip_ === undefined) this.ip_ = parseIp(this.sources.clientOf(this.req));
    return this.ip_;
  }
}
