import { RESERVED_FIRST_SEGMENTS } from './field-rules.js';

/**
 * The rules of field-rules.ts as JSON Schema patterns (ECMA-262), for the OpenAPI document and the clients
 * generated from it. Every string a pattern matches passes the rule (the unit tests check this on a
 * table); where the rule also accepts rarer forms (IDN in Unicode, IPv6 hosts, user info), the
 * pattern shows the common form and the field's description names the rest.
 */

/** Case-insensitive spelling of a literal (JSON Schema patterns take no flags). */
const caseless = (s: string) => s.replace(/[a-z]/gi, (c) => `[${c.toUpperCase()}${c.toLowerCase()}]`).replace(/\./g, '\\.');

const SEGMENT = '[A-Za-z0-9._~-]+';
const RESERVED = [...RESERVED_FIRST_SEGMENTS].map(caseless).join('|');

/** Alias: segments of A-Z a-z 0-9 - _ . ~ joined by single slashes, optionally ending in /* (a wildcard); no "." or ".." segment; no reserved first segment. */
export const ALIAS_PATTERN = `^(?!(?:${RESERVED})(?:/|$))(?!(?:[^/]*/)*\\.\\.?(?:/|$))${SEGMENT}(?:/${SEGMENT})*(?:/\\*)?$`;

/** A DNS label that is not punycode (a random "xn--" label is rarely valid punycode). */
const LABEL = '(?![Xx][Nn]--)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/** The last label starts with a letter, so the name never reads as an IPv4 address. */
const TOP_LABEL = '(?![Xx][Nn]--)[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const HOST_NAME = `(?:${LABEL}\\.)*${TOP_LABEL}`;
const PORT = '(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[1-9][0-9]{0,3})';
const IPV4_PART = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const IPV4 = `${IPV4_PART}(?:\\.${IPV4_PART}){3}`;

/** Host name of a link or domain (input): an ASCII host name, or localhost / 127.0.0.1 with a port. */
export const HOST_PATTERN = `^(?:${HOST_NAME}|(?:${caseless('localhost')}|127\\.0\\.0\\.1):${PORT})$`;

/** A tenant's custom domain: a host name (never an IP address: its last label starts with a letter), no port, not a loopback name. */
const LOOPBACK_NAMES = [`(?:${LABEL}\\.)*${caseless('localhost')}`, ...['localhost.localdomain', 'ip6-localhost', 'ip6-loopback'].map(caseless)].join('|');
export const CUSTOM_DOMAIN_PATTERN = `^(?!(?:${LOOPBACK_NAMES})$)${HOST_NAME}$`;

/** Host name as the service returns it: lower case, IDN as punycode, a port only for loopback. */
export const STORED_HOST_PATTERN = '^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::[0-9]{1,5})?$';

/** Target URL: http or https, a host name or IPv4 address, an optional port, then no spaces or controls (C0, DEL, C1). */
export const HTTP_URL_PATTERN = `^[Hh][Tt][Tt][Pp][Ss]?://(?:${HOST_NAME}|${IPV4})(?::${PORT})?(?:[/?#][^\\u0000-\\u0020\\u007f-\\u009f]*)?$`;

/** ISO 3166-1 alpha-2 country codes as the service returns them (click statistics). */
export const COUNTRY_PATTERN = '^[A-Z]{2}$';
