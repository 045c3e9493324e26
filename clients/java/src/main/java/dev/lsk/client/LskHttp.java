package dev.lsk.client;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The hand-written HTTP core of the client (java.net.http + Jackson): JSON in and out, the bearer
 * key, error responses turned into {@link LskException}, and automatic key rotation
 * ({@code Lsk-Rotated-Key}). {@link LskClient} (generated) calls it once per operation.
 */
public final class LskHttp {
  static final ObjectMapper JSON = new ObjectMapper()
      .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
      .setSerializationInclusion(JsonInclude.Include.NON_NULL);
  static final String USER_AGENT = "lsk-java/1.0.0";

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

  /** Percent-encodes one path segment (a tag name, a host with a port, an id). */
  public static String segment(String value) {
    if (value == null) throw new IllegalArgumentException("path parameter is null");
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }

  /** Query parameters from name/value pairs; null values are left out. */
  public static Map<String, Object> query(Object... pairs) {
    Map<String, Object> q = new LinkedHashMap<>();
    for (int i = 0; i + 1 < pairs.length; i += 2) if (pairs[i + 1] != null) q.put((String) pairs[i], pairs[i + 1]);
    return q;
  }

  /** Blocking call: the decoded body ({@code null} for 204), or {@link LskException}. */
  public <T> T send(String method, String path, Map<String, Object> query, Object body, Class<T> type) {
    HttpResponse<byte[]> res;
    try {
      res = client.send(request(method, path, query, body), HttpResponse.BodyHandlers.ofByteArray());
    } catch (IOException e) {
      throw new UncheckedIOException(method + " " + path + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
    return handle(res, type);
  }

  /** Non-blocking call; the future fails with {@link LskException} on an error response. */
  public <T> CompletableFuture<T> sendAsync(String method, String path, Map<String, Object> query, Object body, Class<T> type) {
    HttpRequest req;
    try {
      req = request(method, path, query, body);
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
    return client.sendAsync(req, HttpResponse.BodyHandlers.ofByteArray()).thenApply(res -> handle(res, type));
  }

  private HttpRequest request(String method, String path, Map<String, Object> query, Object body) {
    StringBuilder url = new StringBuilder(base).append(path);
    if (query != null && !query.isEmpty()) {
      char sep = '?';
      for (Map.Entry<String, Object> e : query.entrySet()) {
        url.append(sep).append(segment(e.getKey())).append('=').append(segment(String.valueOf(e.getValue())));
        sep = '&';
      }
    }
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url.toString()))
        .timeout(timeout)
        .header("Accept", "application/json")
        .header("Authorization", "Bearer " + apiKey)
        .header("User-Agent", USER_AGENT);
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

  private <T> T handle(HttpResponse<byte[]> res, Class<T> type) {
    res.headers().firstValue("Lsk-Rotated-Key").ifPresent(this::rotate);
    int status = res.statusCode();
    if (status < 200 || status > 299) throw LskException.from(status, res.headers(), res.body());
    if (type == Void.class || res.body() == null || res.body().length == 0) return null;
    try {
      return JSON.readValue(res.body(), type);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot decode " + type.getSimpleName() + " from the response: " + e.getMessage(), e);
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
