package dev.lsk.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * An error answered by the service: the HTTP status and the error envelope
 * {@code {"error": {"code", "message", "details", "request_id"}}}.
 */
public class LskException extends RuntimeException {
  /** One field at fault ({@code details[]}). */
  public static final class Detail {
    private final String path;
    private final String message;

    public Detail(String path, String message) {
      this.path = path;
      this.message = message;
    }

    /** The field, e.g. {@code geo_targeting.US}. */
    public String getPath() {
      return path;
    }

    public String getMessage() {
      return message;
    }

    @Override
    public String toString() {
      return path + ": " + message;
    }
  }

  private final int status;
  private final String code;
  private final List<Detail> details;
  private final String requestId;
  private final Integer retryAfterSeconds;

  public LskException(int status, String code, String message, List<Detail> details, String requestId, Integer retryAfterSeconds) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details == null ? List.of() : Collections.unmodifiableList(details);
    this.requestId = requestId;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** HTTP status, e.g. 404. */
  public int getStatus() {
    return status;
  }

  /** The error code, e.g. {@code validation_failed}, {@code not_found}, {@code rate_limited}. */
  public String getCode() {
    return code;
  }

  /** Every field problem found (empty when no field is at fault). */
  public List<Detail> getDetails() {
    return details;
  }

  /** The request id (body {@code request_id} or the {@code X-Request-Id} header). */
  public String getRequestId() {
    return requestId;
  }

  /** {@code Retry-After} in seconds (429), or null. */
  public Integer getRetryAfterSeconds() {
    return retryAfterSeconds;
  }

  @Override
  public String toString() {
    return "LskException{status=" + status + ", code=" + code + ", message=" + getMessage() + ", details=" + details + ", request_id=" + requestId + "}";
  }

  static LskException from(int status, HttpHeaders headers, byte[] body) {
    String requestId = headers.firstValue("X-Request-Id").orElse(null);
    Integer retryAfter = null;
    try {
      retryAfter = headers.firstValue("Retry-After").map(String::trim).map(Integer::valueOf).orElse(null);
    } catch (NumberFormatException ignored) {
      // an HTTP date: not used by lsk
    }
    String code = "http_" + status;
    String message = "HTTP " + status;
    List<Detail> details = new ArrayList<>();
    try {
      JsonNode err = body == null || body.length == 0 ? null : LskHttp.JSON.readTree(body).get("error");
      if (err != null && err.isObject()) {
        if (err.hasNonNull("code")) code = err.get("code").asText();
        if (err.hasNonNull("message")) message = err.get("message").asText();
        if (err.hasNonNull("request_id")) requestId = err.get("request_id").asText();
        JsonNode d = err.get("details");
        if (d != null && d.isArray()) for (JsonNode x : d) details.add(new Detail(x.path("path").asText(null), x.path("message").asText(null)));
      } else if (body != null && body.length > 0) {
        message = message + ": " + new String(body, StandardCharsets.UTF_8);
      }
    } catch (Exception notJson) {
      message = message + ": " + new String(body, StandardCharsets.UTF_8);
    }
    return new LskException(status, code, message, details, requestId, retryAfter);
  }
}
