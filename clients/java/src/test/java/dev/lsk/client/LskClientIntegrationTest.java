package dev.lsk.client;

import static org.junit.jupiter.api.Assertions.*;

import dev.lsk.client.model.*;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Integration test against a real lsk server: LSK_BASE_URL (e.g. http://127.0.0.1:8080) and
 * LSK_API_KEY (lsk_live_…) must be set; test/e2e/sdk-jvm.test.ts starts lsk and sets them.
 */
class LskClientIntegrationTest {
  static LskClient client;

  @BeforeAll
  static void setUp() {
    String base = System.getenv("LSK_BASE_URL");
    String key = System.getenv("LSK_API_KEY");
    assertNotNull(base, "LSK_BASE_URL must point at a running lsk server");
    assertNotNull(key, "LSK_API_KEY must hold an lsk_live_ key");
    assertFalse(base.isEmpty() || key.isEmpty(), "LSK_BASE_URL and LSK_API_KEY must not be empty");
    client = new LskClient(base, key);
  }

  @Test
  void linkLifecycle() throws Exception {
    String alias = "java-" + UUID.randomUUID().toString().substring(0, 8);
    Link created = client.createLink(new CreateLinkRequest()
        .destination("https://example.com/java")
        .alias(alias)
        .tags(List.of("java", "sdk"))
        .geoTargeting(Map.of("DE", "https://example.de/java")));
    assertTrue(created.getId().startsWith("lnk_"), created.getId());
    assertEquals(alias, created.getAlias());
    assertEquals("https://example.com/java", created.getDestination());
    assertEquals(List.of("java", "sdk"), created.getTags());
    assertEquals(Map.of("DE", "https://example.de/java"), created.getGeoTargeting());
    assertEquals(0, created.getClicks());
    assertTrue(created.getShortUrl().endsWith("/" + alias), created.getShortUrl());
    assertNotNull(created.getCreatedAt());

    assertEquals(created, client.link(created.getId()));

    LinkList page = client.links(LinksParams.builder().q(alias).limit(100).build());
    assertTrue(page.getData().stream().anyMatch(l -> l.getId().equals(created.getId())));
    LinkList tagged = client.linksAsync(LinksParams.builder().tag("java").build()).get();
    assertTrue(tagged.getData().stream().anyMatch(l -> l.getId().equals(created.getId())));
    // Named filters mean what they say: a tag filter never searches aliases, and vice versa.
    assertTrue(client.links(LinksParams.builder().tag(alias).build()).getData().isEmpty());
    assertTrue(client.links(LinksParams.builder().q("java").tag("no-such-tag").build()).getData().isEmpty());
    assertTrue(client.links().getData().stream().anyMatch(l -> l.getId().equals(created.getId())));
    assertNotNull(created.getCreatedAt().toInstant());

    Link updated = client.updateLink(created.getId(), new UpdateLinkRequest().destination("https://example.com/java2").tags(List.of("java")));
    assertEquals("https://example.com/java2", updated.getDestination());
    assertEquals(List.of("java"), updated.getTags());
    assertEquals(alias, updated.getAlias());

    // An explicit JSON null clears a nullable field; fields not set stay as they are.
    Link cleared = client.updateLink(created.getId(), new UpdateLinkRequest().clearTags().clearGeoTargeting());
    assertEquals(List.of(), cleared.getTags());
    assertEquals(Map.of(), cleared.getGeoTargeting());
    assertEquals("https://example.com/java2", cleared.getDestination());
    assertEquals(cleared, client.link(created.getId()));

    LinkStats stats = client.linkStats(created.getId());
    assertEquals(created.getId(), stats.getLinkId());
    assertEquals(0, stats.getClicks());

    client.deleteLink(created.getId());
    LskException gone = assertThrows(LskException.class, () -> client.link(created.getId()));
    assertEquals(404, gone.getStatus());
    assertEquals("not_found", gone.getCode());
  }

  @Test
  void validationErrorCarriesDetails() {
    LskException e = assertThrows(LskException.class, () -> client.createLink(new CreateLinkRequest().destination("javascript:alert(1)")
        .geoTargeting(Map.of("US", "ftp://example.com"))));
    assertEquals(400, e.getStatus());
    assertEquals("validation_failed", e.getCode());
    assertNotNull(e.getRequestId());
    assertFalse(e.getMessage().isEmpty());
    assertTrue(e.getDetails().stream().anyMatch(d -> d.getPath().equals("destination")), e.getDetails().toString());
    assertTrue(e.getDetails().stream().anyMatch(d -> d.getPath().startsWith("geo_targeting")), e.getDetails().toString());
  }

  @Test
  void notFound() {
    LskException e = assertThrows(LskException.class, () -> client.link("lnk_doesnotexist"));
    assertEquals(404, e.getStatus());
    assertEquals("not_found", e.getCode());
    Throwable cause = assertThrows(java.util.concurrent.ExecutionException.class, () -> client.deleteLinkAsync("lnk_doesnotexist").get()).getCause();
    assertTrue(cause instanceof LskException, String.valueOf(cause));
    assertEquals("not_found", ((LskException) cause).getCode());
  }

  @Test
  void workspaceTagsAndKeys() {
    Workspace ws = client.workspace();
    assertTrue(ws.getId().startsWith("wsp_"), ws.getId());
    assertEquals(Plan.STANDARD, ws.getPlan());
    assertNotNull(client.tags().getData());
    CreatedApiKey k = client.createKey(new CreateKeyRequest().name("java-it"));
    assertTrue(k.getKey().startsWith("lsk_live_"));
    assertTrue(client.keys().getData().stream().anyMatch(x -> x.getId().equals(k.getId())));
    client.revokeKey(k.getId());
  }
}
