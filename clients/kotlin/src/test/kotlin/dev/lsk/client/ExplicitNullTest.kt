package dev.lsk.client

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Test

/** The JSON the client sends: fields not given are left out, the ones in `clear` are an explicit null. */
class ExplicitNullTest {
    private fun json(body: Any): String = LskHttp.JSON.writeValueAsString(body)

    @Test
    fun fieldsNotGivenAreNotSent() {
        assertEquals("{}", json(UpdateLinkRequest()))
        assertEquals("""{"destination":"https://example.com/a"}""", json(UpdateLinkRequest(destination = "https://example.com/a")))
    }

    @Test
    fun clearedFieldsAreSentAsNull() {
        val both = UpdateLinkRequest(clear = setOf(UpdateLinkRequest.Clear.TAGS, UpdateLinkRequest.Clear.GEO_TARGETING))
        assertEquals("""{"tags":null,"geo_targeting":null}""", json(both))
        val one = UpdateLinkRequest(destination = "https://example.com/a", clear = setOf(UpdateLinkRequest.Clear.TAGS))
        assertEquals("""{"destination":"https://example.com/a","tags":null}""", json(one))
        assertNotEquals(UpdateLinkRequest(), one.copy(destination = null))
    }

    @Test
    fun aFieldCannotBeSetAndCleared() {
        assertThrows(IllegalArgumentException::class.java) {
            UpdateLinkRequest(tags = listOf("a"), clear = setOf(UpdateLinkRequest.Clear.TAGS))
        }
    }

    @Test
    fun aClearedRequestStillReads() {
        assertEquals(UpdateLinkRequest(), LskHttp.JSON.readValue("""{"tags":null}""", UpdateLinkRequest::class.java))
    }
}
