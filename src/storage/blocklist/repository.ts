/** A host the operator blocked with `lsk blocklist add` (the file feed, LSK_BLOCKLIST_FILE, is read apart). */
export interface BlockedHost {
  /** Lower case, punycode; blocks its subdomains too. */
  host: string;
  note: string | null;
  createdAt: Date;
}

/** The operator's own blocked hosts, kept in the store so every instance and the CLI share them. */
export interface BlocklistRepository {
  /** False when the host was listed already (the first entry stays as it was). */
  add(entry: BlockedHost): Promise<boolean>;
  /** False when the host was not listed. */
  remove(host: string): Promise<boolean>;
  /** Every entry, by host. */
  list(): Promise<BlockedHost[]>;
}
