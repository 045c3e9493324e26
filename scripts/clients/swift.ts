/** Swift Codable structs, extensible string enums and the `async throws` operations of LskClient. */
import { HEADER_NOTE } from './java-models.js';
import { type ApiModel, clearable, type Field, type Model, type Operation, type Param, spell, type TypeRef, type TypeSpelling } from './model.js';
import { camel, lineDoc, str } from './names.js';

const RESERVED = new Set(
  'associatedtype class deinit enum extension fileprivate func import init inout internal let open operator private protocol public rethrows static struct subscript typealias var break case continue default defer do else fallthrough for guard if in repeat return switch where while as Any catch false is nil super self Self throw throws true try'.split(
    ' ',
  ),
);
const swId = (n: string): string => (RESERVED.has(n) ? `\`${n}\`` : n);

const SWIFT: TypeSpelling = {
  scalars: { string: 'String', integer: 'Int', long: 'Int64', number: 'Double', boolean: 'Bool', date: 'String', datetime: 'Date', any: 'JSONValue' },
  array: (t) => `[${t}]`,
  map: (t) => `[String: ${t}]`,
};
const swType = (t: TypeRef): string => spell(t, SWIFT);

/** Enum case name: `links:read` -> `linksRead`, `2xx` -> `v2xx`. */
const caseName = (v: string): string => {
  const c = camel(v);
  return swId(/^[A-Za-z_]/.test(c) ? c : `v${c}`);
};

function model(m: Model): string {
  if (m.kind === 'enum') {
    // A struct, not a Swift enum: a value added by a newer server still decodes.
    let out = lineDoc(`${m.doc || `Values of ${m.name}.`}\nExtensible: an unknown value from a newer server still decodes (compare with the constants).`, '');
    out += `public struct ${m.name}: RawRepresentable, Codable, Hashable, Sendable, LskQueryValue {\n    public let rawValue: String\n    public init(rawValue: String) { self.rawValue = rawValue }\n    public var queryValue: String { rawValue }\n\n`;
    out += m.values.map((v) => `    public static let ${caseName(v)} = ${m.name}(rawValue: ${str(v)})\n`).join('');
    return `${out}}\n`;
  }
  const clears = new Set(clearable(m));
  // A clearable field is `Nullable<T>?`: nil is not sent, `.null` is sent as JSON null, `.value(x)` as x.
  const type = (f: Field): string => (clears.has(f) ? `Nullable<${swType(f.type)}>?` : `${swType(f.type)}${f.required && !f.nullable ? '' : '?'}`);
  let out = `${lineDoc(m.doc, '')}public struct ${m.name}: Codable, Sendable, Equatable {\n`;
  for (const f of m.fields) out += `${lineDoc(f.doc, '    ')}    public var ${swId(f.name)}: ${type(f)}\n`;
  const ordered = [...m.fields.filter((f) => f.required && !f.nullable), ...m.fields.filter((f) => !(f.required && !f.nullable))];
  out += `\n    public init(${ordered.map((f) => `${swId(f.name)}: ${type(f)}${f.required && !f.nullable ? '' : ' = nil'}`).join(', ')}) {\n`;
  out += ordered.map((f) => `        self.${swId(f.name)} = ${swId(f.name)}\n`).join('');
  out += '    }\n';
  if (m.fields.length)
    out += `\n    enum CodingKeys: String, CodingKey {\n${m.fields.map((f) => `        case ${swId(f.name)} = ${str(f.json)}`).join('\n')}\n    }\n`;
  return `${out}}\n`;
}

/** The tri-state of a request field that can be sent as an explicit JSON null (a PATCH clears it). */
const NULLABLE = `/// A request field that can be cleared: leave the property nil to not send it, \`.value(x)\` sends x,
/// \`.null\` sends an explicit JSON null (which clears the field on an update).
public enum Nullable<Wrapped> {
    case value(Wrapped)
    case null
}

extension Nullable: Codable where Wrapped: Codable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .null : .value(try container.decode(Wrapped.self))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .value(let wrapped): try container.encode(wrapped)
        case .null: try container.encodeNil()
        }
    }
}

extension Nullable: Equatable where Wrapped: Equatable {}
extension Nullable: Sendable where Wrapped: Sendable {}
`;

export const swiftModels = (api: ApiModel): string => `// ${HEADER_NOTE}\nimport Foundation\n\n${NULLABLE}${api.models.map((m) => `\n${model(m)}`).join('')}`;

const pairs = (ps: Param[]): string =>
  ps.length
    ? ps
        .map((p) =>
          p.type.kind === 'array' ? `Self.param(${str(p.json)}, ${swId(p.name)}, explode: ${p.explode})` : `Self.param(${str(p.json)}, ${swId(p.name)})`,
        )
        .join(' + ')
    : '[]';

function method(op: Operation, raw: boolean): string {
  const params: string[] = op.pathParams.map((p, i) => `${i === 0 ? '_ ' : ''}${swId(p.name)}: ${swType(p.type)}`);
  if (op.body) params.push(`${op.pathParams.length ? '' : '_ '}body: ${swType(op.body.type)}${op.body.required ? '' : '? = nil'}`);
  const named = [...op.queryParams, ...op.headerParams];
  for (const p of [...named.filter((x) => x.required), ...named.filter((x) => !x.required)]) {
    params.push(`${swId(p.name)}: ${swType(p.type)}${p.required ? '' : '? = nil'}`);
  }
  const path = `"${op.segments.map((s) => ('text' in s ? s.text : `\\(Self.segment(String(describing: ${swId(s.param)})))`)).join('')}"`;
  const args = `${str(op.method)}, ${path}, query: ${pairs(op.queryParams)}, headers: ${pairs(op.headerParams)}, body: ${op.body ? 'try encode(body)' : 'nil'}`;
  const r = op.result;
  let ret = '';
  let call: string;
  if (raw && r.kind === 'json') [ret, call] = [' -> LskRawResponse', `sendRaw(${args}, accept: ${str([...r.alsoRaw, 'application/json'].join(', '))})`];
  else if (r.kind === 'json') [ret, call] = [` -> ${swType(r.type)}`, `send(${args}, as: ${swType(r.type)}.self)`];
  else if (r.kind === 'text') [ret, call] = [' -> String', `sendText(${args}, accept: ${str(r.contentTypes.join(', '))})`];
  else if (r.kind === 'binary') [ret, call] = [' -> Data', `sendData(${args}, accept: ${str(r.contentTypes.join(', '))})`];
  else call = `sendNoContent(${args})`;
  const doc = [
    op.doc,
    `\`${op.method} ${op.path}\` → ${op.status}.${raw ? ' The raw answer (content type and bytes), e.g. for CSV.' : ''}`,
    ...named.map((p) => `- Parameter ${p.name}: \`${p.json}\` (${op.headerParams.includes(p) ? 'header' : 'query'}) ${p.doc}`.trimEnd()),
  ]
    .filter(Boolean)
    .join('\n');
  return `\n${lineDoc(doc, '    ')}    public func ${swId(op.id)}${raw ? 'Raw' : ''}(${params.join(', ')}) async throws${ret} {\n        try await ${call}\n    }\n`;
}

export function swiftClient(api: ApiModel): string {
  let out = `// ${HEADER_NOTE}\nimport Foundation\n\n`;
  out += `extension LskClient {\n    /// The API's base path (servers[0].url of the OpenAPI document).\n    public static let basePath = ${str(api.basePath)}\n    /// Version of the API this client was generated from (info.version).\n    public static let apiVersion = ${str(api.version)}\n`;
  for (const op of api.operations) {
    out += method(op, false);
    if (op.result.kind === 'json' && op.result.alsoRaw.length) out += method(op, true);
  }
  return `${out}}\n`;
}
