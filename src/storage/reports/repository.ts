/** An abuse report (`POST /report`): the URL a visitor reported and why, and the link it names when it names one. */
export interface Report {
  id: string;
  url: string;
  reason: string | null;
  /** The link the URL is the short URL of, when it is one of this service's. */
  linkId: string | null;
  workspaceId: string | null;
  createdAt: Date;
}

export interface ReportPosition {
  createdAt: Date;
  id: string;
}

/** Abuse reports, kept for the operator (`lsk reports list`). Inserts only. */
export interface ReportsRepository {
  insert(r: Report): Promise<void>;
  /** Newest first, after `after` (exclusive). */
  list(limit: number, after?: ReportPosition): Promise<Report[]>;
}
