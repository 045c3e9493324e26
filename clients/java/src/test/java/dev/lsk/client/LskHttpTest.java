package dev.lsk.client;

import static org.junit.jupiter.api.Assertions.*;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The core against a stub server (JDK HttpServer): key rotation and 429 handling, which a fresh lsk cannot trigger on demand. */
class LskHttpTest {
  HttpServer server;
  final List<String> seenAuth = new CopyOnWriteArrayList<>();
  final List<String> seenPaths = new CopyOnWriteArrayList<>();

  @BeforeEach
  void start() throws Exception {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", ex -> {
      seenAuth.add(ex.getRequestHeaders().getFirst("Authorization"));
      seenPaths.add(ex.getRequestURI().getRawPath() + (ex.getRequestURI().getRawQuery() == null ? "" : "?" + ex.getRequestURI().getRawQuery()));
      byte[] body;
      if (ex.getRequestURI().getPath().equals("/v1/workspace")) {
        ex.getResponseHeaders().add("Lsk-Rotated-Key", "lsk_live_new");
        ex.getResponseHeaders().add("Content-Type", "application/json");
        body = "{\"id\":\"wsp_1\",\"slug\":\"s\",\"plan\":\"standard\",\"rate_limit_rpm\":100,\"future\":1}".getBytes(StandardCharsets.UTF_8);
        ex.sendResponseHeaders(200, body.length);
      } else {
        ex.getResponseHeaders().add("Retry-After", "7");
        ex.getResponseHeaders().add("X-Request-Id", "req-1");
        body = "{\"error\":{\"code\":\"rate_limited\",\"message\":\"Slow down.\",\"request_id\":\"req-1\"}}".getBytes(StandardCharsets.UTF_8);
        ex.sendResponseHeaders(429, body.length);
      }
      ex.getResponseBody().write(body);
      ex.close();
    });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  @Test
  void switchesToTheRotatedKeyAndTellsTheListener() {
    List<String> rotated = new CopyOnWriteArrayList<>();
    LskClient c = new LskClient("http://127.0.0.1:" + server.getAddress().getPort() + "/", "lsk_live_old").onKeyRotated(rotated::add);
    assertEquals(dev.lsk.client.model.Plan.STANDARD, c.workspace().getPlan());
    assertEquals("lsk_live_new", c.apiKey());
    assertEquals(List.of("lsk_live_new"), rotated);
    c.workspace();
    assertEquals(List.of("Bearer lsk_live_old", "Bearer lsk_live_new"), seenAuth);
    assertEquals(List.of("lsk_live_new"), rotated, "the listener fires once per new key");
  }

  @Test
  void rateLimitedCarriesRetryAfterAndPathsAreEncoded() {
    LskClient c = new LskClient("http://127.0.0.1:" + server.getAddress().getPort() + "/v1", "lsk_live_x");
    LskException e = assertThrows(LskException.class, () -> c.updateTag("a b/c", new dev.lsk.client.model.UpdateTagRequest().name("x")));
    assertEquals(429, e.getStatus());
    assertEquals("rate_limited", e.getCode());
    assertEquals(7, e.getRetryAfterSeconds());
    assertEquals("req-1", e.getRequestId());
    assertThrows(LskException.class, () -> c.links(dev.lsk.client.model.LinksParams.builder().limit(5).q("x&y").build()));
    assertEquals(List.of("/v1/tags/a%20b%2Fc", "/v1/links?limit=5&q=x%26y"), seenPaths);
  }

  @Test
  void queryListsAndHeadersAreEncodedAsDeclared() {
    assertEquals("?ids=a%2Cb&tags=x&tags=y%20z&since=2026-11-21T10%3A15Z", LskHttp.query()
        .addCsv("ids", List.of("a", "b"))
        .add("tags", List.of("x", "y z"))
        .add("missing", null)
        .add("since", java.time.OffsetDateTime.parse("2026-11-21T10:15:00Z"))
        .toString());
    assertEquals(java.util.Map.of("Idempotency-Key", "k1"), LskHttp.headers("Idempotency-Key", "k1", "X-Absent", null));
  }

  @Test
  void unknownEnumValuesAndDatesDecode() throws Exception {
    dev.lsk.client.model.Workspace w = LskHttp.JSON.readValue("{\"plan\":\"galactic\",\"slug\":\"s\"}", dev.lsk.client.model.Workspace.class);
    assertNull(w.getPlan(), "a value from a newer server reads as null");
    dev.lsk.client.model.Link l = LskHttp.JSON.readValue("{\"created_at\":\"2026-11-21T10:15:00.123Z\"}", dev.lsk.client.model.Link.class);
    assertEquals(java.time.Instant.parse("2026-11-21T10:15:00.123Z"), l.getCreatedAt().toInstant());
    assertEquals("{\"created_at\":\"2026-11-21T10:15:00.123Z\"}", LskHttp.JSON.writeValueAsString(new dev.lsk.client.model.Link().createdAt(l.getCreatedAt())));
  }
}
