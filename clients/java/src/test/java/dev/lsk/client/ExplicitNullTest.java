package dev.lsk.client;

import static org.junit.jupiter.api.Assertions.*;

import dev.lsk.client.model.UpdateLinkRequest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The JSON the client sends: unset fields are left out, cleared ones are an explicit null. */
class ExplicitNullTest {
  static String json(Object body) throws Exception {
    return LskHttp.JSON.writeValueAsString(body);
  }

  @Test
  void unsetFieldsAreNotSent() throws Exception {
    assertEquals("{}", json(new UpdateLinkRequest()));
    assertEquals("{\"destination\":\"https://example.com/a\"}", json(new UpdateLinkRequest().destination("https://example.com/a")));
  }

  @Test
  void clearedFieldsAreSentAsNull() throws Exception {
    assertEquals("{\"geo_targeting\":null,\"tags\":null}", json(new UpdateLinkRequest().clearTags().clearGeoTargeting()));
    assertEquals("{\"destination\":\"https://example.com/a\",\"tags\":null}", json(new UpdateLinkRequest().destination("https://example.com/a").clearTags()));
  }

  @Test
  void theLastCallWins() throws Exception {
    UpdateLinkRequest set = new UpdateLinkRequest().clearTags().tags(List.of("a"));
    assertEquals("{\"tags\":[\"a\"]}", json(set));
    assertEquals("{}", json(new UpdateLinkRequest().clearTags().tags(null)));
    UpdateLinkRequest cleared = new UpdateLinkRequest().tags(List.of("a")).clearTags();
    assertNull(cleared.getTags());
    assertEquals("{\"tags\":null}", json(cleared));
    assertNotEquals(new UpdateLinkRequest(), cleared);
    assertEquals(new UpdateLinkRequest().clearTags(), cleared);
    assertTrue(cleared.toString().contains("cleared=[tags]"), cleared.toString());
  }
}
