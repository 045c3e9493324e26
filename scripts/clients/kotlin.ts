/** Kotlin data classes, enums and the LskClient of suspend functions with named, defaulted parameters. */
import { HEADER_NOTE, JAVA } from './java-models.js';
import { type ApiModel, clearable, type ObjectModel, type Operation, type Param, spell, type TypeRef, type TypeSpelling } from './model.js';
import { blockDoc, constant, str } from './names.js';

const RESERVED = new Set(
  'as break class continue do else false for fun if in interface is null object package return super this throw true try typealias typeof val var when while'.split(
    ' ',
  ),
);
const ktId = (n: string): string => (RESERVED.has(n) ? `\`${n}\`` : n);

const KOTLIN: TypeSpelling = { ...JAVA, scalars: { ...JAVA.scalars, integer: 'Int' } };
const ktType = (t: TypeRef): string => spell(t, KOTLIN);

const IMPORTS = [
  'com.fasterxml.jackson.annotation.JsonAnyGetter',
  'com.fasterxml.jackson.annotation.JsonIgnore',
  'com.fasterxml.jackson.annotation.JsonIgnoreProperties',
  'com.fasterxml.jackson.annotation.JsonInclude',
  'com.fasterxml.jackson.annotation.JsonProperty',
  'com.fasterxml.jackson.annotation.JsonValue',
  'com.fasterxml.jackson.databind.JsonNode',
  'java.time.LocalDate',
  'java.time.OffsetDateTime',
];

/**
 * The explicit-null part of a request class: a `clear` set of its nullable fields (sent as JSON null,
 * which clears them on an update), checked against the fields set, and written by Jackson.
 */
function clearPart(m: ObjectModel): { param: string; body: string } {
  const fs = clearable(m);
  if (fs.length === 0) return { param: '', body: '' };
  if (m.fields.some((f) => f.name === 'clear')) throw new Error(`${m.name}: a field named "clear" collides with the explicit-null set`);
  const example = `${m.name}.Clear.${constant(fs[0]!.json)}`;
  const param = `${blockDoc(`Fields sent as an explicit JSON null (null clears a field on an update): \`clear = setOf(${example})\`.`, '    ')}    @get:JsonIgnore val clear: Set<Clear> = emptySet(),\n`;
  let body = ` {\n    init {\n        require(clear.none { it.value(this) != null }) { ${str(`${m.name}: a field is both set and cleared: `)} + clear }\n    }\n\n`;
  body += `    /** The fields that can be sent as an explicit JSON null. */\n    enum class Clear(val json: String, internal val value: (${m.name}) -> Any?) {\n`;
  body += fs.map((f) => `        ${constant(f.json)}(${str(f.json)}, { it.${ktId(f.name)} }),\n`).join('');
  body +=
    '    }\n\n    @JsonAnyGetter\n    @JsonInclude(content = JsonInclude.Include.ALWAYS)\n    private fun cleared(): Map<String, Any?> = clear.associate { it.json to null }\n}';
  return { param, body };
}

export function kotlinModels(api: ApiModel): string {
  const clears = api.models.some((m) => m.kind === 'object' && clearable(m).length);
  const imports = IMPORTS.filter((i) => clears || !/JsonAnyGetter|JsonIgnore$/.test(i));
  let out = `// ${HEADER_NOTE}\npackage dev.lsk.client\n\n${imports.map((i) => `import ${i}\n`).join('')}`;
  for (const m of api.models) {
    out += '\n';
    if (m.kind === 'enum') {
      out += blockDoc(`${m.doc || `Values of ${m.name}.`}\nAn unknown value from a newer server reads as null.`, '');
      out += `enum class ${m.name}(@get:JsonValue val value: String) {\n${m.values.map((v) => `    ${constant(v)}(${str(v)}),`).join('\n')}\n    ;\n\n    override fun toString(): String = value\n}\n`;
      continue;
    }
    out += blockDoc(m.doc, '');
    out += '@JsonIgnoreProperties(ignoreUnknown = true)\n@JsonInclude(JsonInclude.Include.NON_NULL)\n';
    out += `data class ${m.name}(\n`;
    // Required non-null fields first; every field can be passed by name.
    const ordered = [...m.fields.filter((f) => f.required && !f.nullable), ...m.fields.filter((f) => !(f.required && !f.nullable))];
    for (const f of ordered) {
      const T = ktType(f.type);
      out += `${blockDoc(f.doc, '    ')}    @get:JsonProperty(${str(f.json)}) @param:JsonProperty(${str(f.json)})\n    val ${ktId(f.name)}: ${f.required && !f.nullable ? T : `${T}? = null`},\n`;
    }
    const clear = clearPart(m);
    out += `${clear.param})${clear.body}\n`;
  }
  return out;
}

const pathExpr = (op: Operation): string =>
  `"${op.segments.map((s) => ('text' in s ? s.text.replace(/[\\"$]/g, (c) => `\\${c}`) : `\${segment(${ktId(s.param)}.toString())}`)).join('')}"`;

const pairs = (ps: Param[], csv: boolean): string =>
  ps.length
    ? `listOf(${ps.map((p) => `${str(p.json)} to ${ktId(p.name)}${csv && p.type.kind === 'array' && !p.explode ? `${p.required ? '' : '?'}.joinToString(",")` : ''}`).join(', ')})`
    : 'emptyList()';

function fn(op: Operation, raw: boolean): string {
  const named = [...op.queryParams, ...op.headerParams];
  const params = op.pathParams.map((p) => `${ktId(p.name)}: ${ktType(p.type)}`);
  if (op.body) params.push(op.body.required ? `body: ${ktType(op.body.type)}` : `body: ${ktType(op.body.type)}? = null`);
  for (const p of [...named.filter((x) => x.required), ...named.filter((x) => !x.required)]) {
    params.push(p.required ? `${ktId(p.name)}: ${ktType(p.type)}` : `${ktId(p.name)}: ${ktType(p.type)}? = null`);
  }
  const args = `${str(op.method)}, ${pathExpr(op)}, ${pairs(op.queryParams, true)}, ${pairs(op.headerParams, false)}, ${op.body ? 'body' : 'null'}`;
  const r = op.result;
  let ret: string;
  let call: string;
  if (raw && r.kind === 'json') [ret, call] = ['LskRawResponse', `sendRaw(${args}, ${str([...r.alsoRaw, 'application/json'].join(', '))})`];
  else if (r.kind === 'json') [ret, call] = [ktType(r.type), `send(${args}, jacksonTypeRef<${ktType(r.type)}>())`];
  else if (r.kind === 'text') [ret, call] = ['String', `sendText(${args}, ${str(r.contentTypes.join(', '))})`];
  else if (r.kind === 'binary') [ret, call] = ['ByteArray', `sendBytes(${args}, ${str(r.contentTypes.join(', '))})`];
  else [ret, call] = ['Unit', `sendNoContent(${args})`];
  const doc = [
    op.doc,
    `\`${op.method} ${op.path}\` → ${op.status}.${raw ? ' The raw answer (content type and bytes), e.g. for CSV.' : ''}`,
    ...op.pathParams.map((p) => `@param ${p.name} ${p.doc || 'path parameter'}`),
    ...named.map((p) =>
      `@param ${p.name} \`${p.json}\` (${op.headerParams.includes(p) ? 'header' : 'query'}) ${p.doc}${p.required ? '' : ' (null: not sent)'}`.trimEnd(),
    ),
  ]
    .filter(Boolean)
    .join('\n');
  const sig = params.length ? `\n        ${params.join(',\n        ')},\n    ` : '';
  return `\n${blockDoc(doc, '    ')}    suspend fun ${ktId(op.id)}${raw ? 'Raw' : ''}(${sig})${ret === 'Unit' ? '' : `: ${ret}`} =\n        ${call}\n`;
}

export function kotlinClient(api: ApiModel): string {
  let out = `// ${HEADER_NOTE}\npackage dev.lsk.client\n\n`;
  out +=
    'import com.fasterxml.jackson.databind.JsonNode\nimport com.fasterxml.jackson.module.kotlin.jacksonTypeRef\nimport java.net.http.HttpClient\nimport java.time.Duration\nimport java.time.LocalDate\nimport java.time.OffsetDateTime\n\n';
  out += blockDoc(
    `${api.title} API ${api.version}: one suspend function per OpenAPI operation (non-blocking: java.net.http\nsendAsync awaited in the caller's coroutine; cancelling the coroutine cancels the request). Query and header\nparameters are named arguments with defaults: \`links(tag = "x", limit = 10)\`. Errors are thrown as [LskException].\n\n@param baseUrl the service, e.g. https://lsk.example.com (with or without the base path)\n@param onKeyRotated called with the new key whenever the service rotates it (the client already uses it)`,
    '',
  );
  out +=
    'class LskClient(\n    baseUrl: String,\n    apiKey: String,\n    httpClient: HttpClient = HttpClient.newHttpClient(),\n    timeout: Duration = Duration.ofSeconds(30),\n    onKeyRotated: ((String) -> Unit)? = null,\n) : LskHttp(baseUrl, BASE_PATH, apiKey, httpClient, timeout, onKeyRotated) {\n';
  out += `    companion object {\n        /** The API's base path (servers[0].url of the OpenAPI document). */\n        const val BASE_PATH = ${str(api.basePath)}\n\n        /** Version of the API this client was generated from (info.version). */\n        const val API_VERSION = ${str(api.version)}\n    }\n`;
  for (const op of api.operations) {
    out += fn(op, false);
    if (op.result.kind === 'json' && op.result.alsoRaw.length) out += fn(op, true);
  }
  return `${out}}\n`;
}
