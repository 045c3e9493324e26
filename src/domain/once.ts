/**
 * A value built on first use and kept: for what a start does not need before its first request
 * (the OpenAPI document, /v1's operations, the MCP tools), so a server starts without building it
 * (docs/adr/0224). A build that throws throws again at the next call (nothing is kept).
 */
export function once<T>(build: () => T): () => T {
  let built = false;
  let value: T;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value;
  };
}
