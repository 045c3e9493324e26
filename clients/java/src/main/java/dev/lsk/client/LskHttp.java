package dev.lsk.client;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The hand-written HTTP core of the client (java.net.http + Jackson): JSON, text and byte answers,
 * the bearer key, error answers turned into {@link LskException}, and automatic key rotation
 * ({@code Lsk-Rotated-Key}). {@link LskClient} (generated) calls it once per operation; nothing here
 * knows the operations.
 */
public final class LskHttp {
  static final ObjectMapper JSON = new ObjectMapper()
      .registerModule(new JavaTimeModule())
      .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
      .configure(DeserializationFeature.READ_UNKNOWN_ENUM_VALUES_AS_NULL, true)
      .configure(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS, false)
      .setSerializationInclusion(JsonInclude.Include.NON_NULL);
  static final String USER_AGENT = "lsk-java/1.0.0";

  /** How a success answer is read, and the Accept header that asks for it. */
  public interface Decoder<T> {
    String accept();

    T decode(byte[] body, String contentType) throws IOException;
  }

  /** A non-JSON answer as received (e.g. CSV). */
  public static final class RawResponse {
    private final String contentType;
    private final byte[] body;

    public RawResponse(String contentType, byte[] body) {
      this.contentType = contentType;
      this.body = body;
    }

    public String contentType() {
      return contentType;
    }

    public byte[] body() {
      return body;
    }

    /** The body decoded as UTF-8 (CSV, SVG). */
    public String text() {
      return new String(body, StandardCharsets.UTF_8);
    }
  }

  private static <T> Decoder<T> decoder(String accept, Decoding<T> f) {
    return new Decoder<T>() {
      public String accept() {
        return accept;
      }

      public T decode(byte[] body, String contentType) throws IOException {
        return f.apply(body, contentType);
      }
    };
  }

  private interface Decoding<T> {
    T apply(byte[] body, String contentType) throws IOException;
  }

  /** No body (204). */
  public static final Decoder<Void> NONE = decoder("application/json", (b, t) -> null);

  public static <T> Decoder<T> json(TypeReference<T> type) {
    return decoder("application/json", (b, t) -> b.length == 0 ? null : JSON.readValue(b, type));
  }

  public static Decoder<String> text(String accept) {
    return decoder(accept + ", application/json", (b, t) -> new String(b, StandardCharsets.UTF_8));
  }

  public static Decoder<byte[]> bytes(String accept) {
    return decoder(accept + ", application/json", (b, t) -> b);
  }

  public static Decoder<RawResponse> raw(String accept) {
    return decoder(accept, (b, t) -> new RawResponse(t, b));
  }

  private final String base;
  private final HttpClient client;
  private final Duration timeout;
  private volatile String apiKey;
  private volatile Consumer<String> onKeyRotated;

  /**
   * @param baseUrl the service ({@code https://lsk.example.com}); {@code basePath} is appended unless already there
   * @param basePath the API's base path, e.g. {@code /v1}
   */
  public LskHttp(String baseUrl, String basePath, String apiKey, HttpClient client, Duration timeout) {
    if (baseUrl == null || baseUrl.isEmpty()) throw new IllegalArgumentException("baseUrl is required");
    if (apiKey == null || apiKey.isEmpty()) throw new IllegalArgumentException("apiKey is required");
    String b = baseUrl.replaceAll("/+$", "");
    this.base = basePath.isEmpty() || b.endsWith(basePath) ? b : b + basePath;
    this.apiKey = apiKey;
    this.client = client;
    this.timeout = timeout;
  }

  public String apiKey() {
    return apiKey;
  }

  public void onKeyRotated(Consumer<String> listener) {
    this.onKeyRotated = listener;
  }

  /** Percent-encodes one path segment or query value (a tag name, a host with a port, an id). */
  public static String segment(String value) {
    if (value == null) throw new IllegalArgumentException("path parameter is null");
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }

  /** Query parameters in order; null values are left out. */
  public static final class Query {
    private final List<String> pairs = new ArrayList<>();

    /** One value, or a collection as repeated names ({@code ids=a&ids=b}). */
    public Query add(String name, Object value) {
      if (value instanceof Collection) for (Object v : (Collection<?>) value) add(name, v);
      else if (value != null) pairs.add(segment(name) + "=" + segment(String.valueOf(value)));
      return this;
    }

    /** A collection as one comma-separated value ({@code ids=a,b}). */
    public Query addCsv(String name, Collection<?> values) {
      if (values == null) return this;
      List<String> parts = new ArrayList<>();
      for (Object v : values) parts.add(String.valueOf(v));
      pairs.add(segment(name) + "=" + segment(String.join(",", parts)));
      return this;
    }

    @Override
    public String toString() {
      return pairs.isEmpty() ? "" : "?" + String.join("&", pairs);
    }
  }

  public static Query query() {
    return new Query();
  }

  /** Header name/value pairs; null values are left out. */
  public static Map<String, String> headers(Object... pairs) {
    Map<String, String> h = new LinkedHashMap<>();
    for (int i = 0; i + 1 < pairs.length; i += 2) if (pairs[i + 1] != null) h.put((String) pairs[i], String.valueOf(pairs[i + 1]));
    return h;
  }

  /** Blocking call: the decoded answer ({@code null} for 204), or {@link LskException}. */
  public <T> T send(String method, String path, Query query, Map<String, String> headers, Object body, Decoder<T> decoder) {
    HttpResponse<byte[]> res;
    try {
      res = client.send(request(method, path, query, headers, body, decoder), HttpResponse.BodyHandlers.ofByteArray());
    } catch (IOException e) {
      throw new UncheckedIOException(method + " " + path + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
    return handle(res, decoder);
  }

  /** Non-blocking call; the future fails with {@link LskException} on an error answer. */
  public <T> CompletableFuture<T> sendAsync(String method, String path, Query query, Map<String, String> headers, Object body, Decoder<T> decoder) {
    HttpRequest req;
    try {
      req = request(method, path, query, headers, body, decoder);
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
    return client.sendAsync(req, HttpResponse.BodyHandlers.ofByteArray()).thenApply(res -> handle(res, decoder));
  }

  private HttpRequest request(String method, String path, Query query, Map<String, String> headers, Object body, Decoder<?> decoder) {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path + (query == null ? "" : query)))
        .timeout(timeout)
        .header("Accept", decoder.accept())
        .header("Authorization", "Bearer " + apiKey)
        .header("User-Agent", USER_AGENT);
    if (headers != null) headers.forEach(b::header);
    if (body != null) {
      byte[] bytes;
      try {
        bytes = JSON.writeValueAsBytes(body);
      } catch (JsonProcessingException e) {
        throw new IllegalArgumentException("cannot encode request body: " + e.getOriginalMessage(), e);
      }
      b.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofByteArray(bytes));
    } else {
      b.method(method, HttpRequest.BodyPublishers.noBody());
    }
    return b.build();
  }

  private <T> T handle(HttpResponse<byte[]> res, Decoder<T> decoder) {
    res.headers().firstValue("Lsk-Rotated-Key").ifPresent(this::rotate);
    int status = res.statusCode();
    if (status < 200 || status > 299) throw LskException.from(status, res.headers(), res.body());
    byte[] body = res.body() == null ? new byte[0] : res.body();
    try {
      return decoder.decode(body, res.headers().firstValue("Content-Type").orElse(""));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot decode the answer: " + e.getMessage(), e);
    }
  }

  private void rotate(String newKey) {
    if (newKey.isEmpty() || newKey.equals(apiKey)) return;
    synchronized (this) {
      if (newKey.equals(apiKey)) return;
      apiKey = newKey;
    }
    Consumer<String> l = onKeyRotated;
    if (l != null) l.accept(newKey);
  }
}
