/**
 * Syntax check of Swift sources without a Swift toolchain: tree-sitter-swift (npm, prebuilt
 * linux-x64 binary) parses each file; every ERROR or MISSING node is reported with its position.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
type TSNode = {
  type: string;
  isMissing: boolean;
  hasError: boolean;
  startPosition: { row: number; column: number };
  startIndex: number;
  children: TSNode[];
};
const Parser = require('tree-sitter') as new () => {
  setLanguage(l: unknown): void;
  parse(src: string, old?: unknown, o?: { bufferSize?: number }): { rootNode: TSNode };
};
const Swift = require('tree-sitter-swift') as unknown;

/** Problems in one Swift source: "ERROR at 12:4 near `…`" / "MISSING ) at …" ([] = parses cleanly). */
export function swiftSyntaxProblems(source: string): string[] {
  const parser = new Parser();
  parser.setLanguage(Swift);
  const root = parser.parse(source, undefined, { bufferSize: Math.max(1 << 16, source.length * 2) }).rootNode;
  const out: string[] = [];
  const walk = (n: TSNode): void => {
    if (n.type === 'ERROR' || n.isMissing) {
      const at = `${n.startPosition.row + 1}:${n.startPosition.column + 1}`;
      out.push(`${n.isMissing ? `MISSING ${n.type}` : 'ERROR'} at ${at} near ${JSON.stringify(source.slice(n.startIndex, n.startIndex + 50))}`);
    }
    for (const c of n.children) walk(c);
  };
  walk(root);
  return out;
}
