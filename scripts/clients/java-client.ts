/** The generated Java LskClient: one blocking method and one `…Async` twin per operation. */
import { getter, HEADER_NOTE, javaId, javaType, optionParams, paramsClass } from './java-models.js';
import type { ApiModel, Operation } from './model.js';
import { blockDoc, str } from './names.js';

function decoder(op: Operation, raw = false): { type: string; expr: string } {
  const r = op.result;
  if (raw && r.kind === 'json') return { type: 'LskHttp.RawResponse', expr: `LskHttp.raw(${str([...r.alsoRaw, 'application/json'].join(', '))})` };
  switch (r.kind) {
    case 'none':
      return { type: 'Void', expr: 'LskHttp.NONE' };
    case 'json':
      return { type: javaType(r.type), expr: `LskHttp.json(new TypeReference<${javaType(r.type)}>() {})` };
    case 'text':
      return { type: 'String', expr: `LskHttp.text(${str(r.contentTypes.join(', '))})` };
    case 'binary':
      return { type: 'byte[]', expr: `LskHttp.bytes(${str(r.contentTypes.join(', '))})` };
  }
}

const pathExpr = (op: Operation): string =>
  op.segments.map((s) => ('text' in s ? str(s.text) : `LskHttp.segment(String.valueOf(${javaId(s.param)}))`)).join(' + ');

function method(op: Operation, raw: boolean): string {
  const d = decoder(op, raw);
  const name = `${javaId(op.id)}${raw ? 'Raw' : ''}`;
  const ps = optionParams(op);
  const args: [string, string][] = op.pathParams.map((p) => [javaType(p.type), javaId(p.name)]);
  if (op.body) args.push([javaType(op.body.type), 'body']);
  if (ps.length) args.push([paramsClass(op), 'params']);
  const sig = args.map(([t, n]) => `${t} ${n}`).join(', ');
  const p = (x: { name: string }) => `params.${getter(x.name)}()`;
  const query = `LskHttp.query()${op.queryParams.map((q) => `.${q.type.kind === 'array' && !q.explode ? 'addCsv' : 'add'}(${str(q.json)}, ${p(q)})`).join('')}`;
  const headers = `LskHttp.headers(${op.headerParams.map((h) => `${str(h.json)}, ${p(h)}`).join(', ')})`;
  const call = `${str(op.method)}, ${pathExpr(op)}, ${query}, ${headers}, ${op.body ? 'body' : 'null'}, ${d.expr}`;
  const check = ps.length ? '    Objects.requireNonNull(params, "params");\n' : '';
  const doc = [
    op.doc,
    `{@code ${op.method} ${op.path}} → ${op.status}.${raw ? ' The raw answer (content type and bytes), e.g. for CSV.' : ''}`,
    ...op.pathParams.map((x) => `@param ${javaId(x.name)} ${x.doc || 'path parameter'}`),
    ...(op.body ? [`@param body ${op.body.required ? 'the request body' : 'the request body (may be null)'}`] : []),
    ...(ps.length ? [`@param params ${ps.map((x) => x.json).join(', ')}, by name: {@code ${paramsClass(op)}.builder()…build()}`] : []),
  ]
    .filter(Boolean)
    .join('\n');
  const R = d.type === 'Void' ? 'void' : d.type;
  let out = `\n${blockDoc(doc, '  ')}  public ${R} ${name}(${sig}) {\n${check}    ${R === 'void' ? '' : 'return '}http.send(${call});\n  }\n`;
  out += `\n${blockDoc(`Asynchronous {@link #${name}}; fails with {@link LskException} on an error answer.`, '  ')}`;
  out += `  public CompletableFuture<${d.type}> ${name}Async(${sig}) {\n${check}    return http.sendAsync(${call});\n  }\n`;
  if (ps.length && !ps.some((x) => x.required)) {
    const keep = args.slice(0, -1);
    const callArgs = [...keep.map(([, n]) => n), `${paramsClass(op)}.builder().build()`].join(', ');
    for (const async of [false, true]) {
      const T = async ? `CompletableFuture<${d.type}>` : R;
      out += `\n  /** {@link #${name}} with no ${ps.map((x) => x.json).join(', ')}. */\n`;
      out += `  public ${T} ${name}${async ? 'Async' : ''}(${keep.map(([t, n]) => `${t} ${n}`).join(', ')}) {\n    ${T === 'void' ? '' : 'return '}${name}${async ? 'Async' : ''}(${callArgs});\n  }\n`;
    }
  }
  return out;
}

export function javaClient(api: ApiModel): string {
  let out = `// ${HEADER_NOTE}\npackage dev.lsk.client;\n\n`;
  out +=
    'import com.fasterxml.jackson.core.type.TypeReference;\nimport com.fasterxml.jackson.databind.JsonNode;\nimport dev.lsk.client.model.*;\nimport java.net.http.HttpClient;\nimport java.time.Duration;\nimport java.time.LocalDate;\nimport java.time.OffsetDateTime;\nimport java.util.List;\nimport java.util.Map;\nimport java.util.Objects;\nimport java.util.concurrent.CompletableFuture;\nimport java.util.function.Consumer;\n\n';
  out += blockDoc(
    `${api.title} API ${api.version}: one method per OpenAPI operation (blocking), plus an {@code …Async} twin\nreturning a {@link CompletableFuture}. Path parameters come first, then the request body, then the\noperation's query and header parameters as one {@code …Params} object built by name. Errors are thrown as\n{@link LskException}.`,
    '',
  );
  out += 'public final class LskClient {\n';
  out += `  /** The API's base path (servers[0].url of the OpenAPI document). */\n  public static final String BASE_PATH = ${str(api.basePath)};\n`;
  out += `  /** Version of the API this client was generated from (info.version). */\n  public static final String API_VERSION = ${str(api.version)};\n\n`;
  out += '  private final LskHttp http;\n\n';
  out += '  /** @param baseUrl the service, e.g. {@code https://lsk.example.com} (with or without the base path) */\n';
  out +=
    '  public LskClient(String baseUrl, String apiKey) {\n    this(new LskHttp(baseUrl, BASE_PATH, apiKey, HttpClient.newHttpClient(), Duration.ofSeconds(30)));\n  }\n\n';
  out += '  public LskClient(LskHttp http) {\n    this.http = http;\n  }\n\n';
  out += '  /** The API key in use (after an automatic rotation: the new one). */\n  public String apiKey() {\n    return http.apiKey();\n  }\n\n';
  out += '  /** Called with the new key whenever the service rotates it (Lsk-Rotated-Key); the client already uses it. */\n';
  out += '  public LskClient onKeyRotated(Consumer<String> listener) {\n    http.onKeyRotated(listener);\n    return this;\n  }\n';
  for (const op of api.operations) {
    out += method(op, false);
    if (op.result.kind === 'json' && op.result.alsoRaw.length) out += method(op, true);
  }
  return `${out}}\n`;
}
