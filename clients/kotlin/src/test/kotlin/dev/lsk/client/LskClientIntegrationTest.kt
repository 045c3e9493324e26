package dev.lsk.client

import kotlinx.coroutines.async
import kotlinx.coroutines.awaitAll
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import java.util.UUID

/**
 * Integration test against a real lsk server: LSK_BASE_URL (e.g. http://127.0.0.1:8080) and
 * LSK_API_KEY (lsk_live_…) must be set; test/e2e/sdk-jvm.test.ts starts lsk and sets them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LskClientIntegrationTest {
    private lateinit var client: LskClient

    @BeforeAll
    fun setUp() {
        val base = System.getenv("LSK_BASE_URL")
        val key = System.getenv("LSK_API_KEY")
        if (base.isNullOrEmpty()) throw AssertionError("LSK_BASE_URL must point at a running lsk server")
        if (key.isNullOrEmpty()) throw AssertionError("LSK_API_KEY must hold an lsk_live_ key")
        client = LskClient(base, key)
    }

    private suspend inline fun expectError(block: suspend () -> Unit): LskException {
        try {
            block()
        } catch (e: LskException) {
            return e
        }
        throw AssertionError("expected an LskException")
    }

    @Test
    fun linkLifecycle() = runBlocking {
        val alias = "kt-" + UUID.randomUUID().toString().substring(0, 8)
        val created = client.createLink(
            CreateLinkRequest(
                destination = "https://example.com/kotlin",
                alias = alias,
                tags = listOf("kotlin", "sdk"),
                geoTargeting = mapOf("FR" to "https://example.fr/kotlin"),
            ),
        )
        assertTrue(created.id.startsWith("lnk_"), created.id)
        assertEquals(alias, created.alias)
        assertEquals(listOf("kotlin", "sdk"), created.tags)
        assertEquals(mapOf("FR" to "https://example.fr/kotlin"), created.geoTargeting)
        assertEquals(0, created.clicks)
        assertTrue(created.shortUrl.endsWith("/$alias"), created.shortUrl)

        assertEquals(created, client.link(created.id))
        // Concurrent calls from one coroutine scope.
        val (byQ, byTag) = listOf(async { client.links(q = alias, limit = 100) }, async { client.links(tag = "kotlin") }).awaitAll()
        assertTrue(byQ.data.any { it.id == created.id })
        assertTrue(byTag.data.any { it.id == created.id })
        // Named filters mean what they say: a tag filter never searches aliases, and vice versa.
        assertTrue(client.links(tag = alias).data.isEmpty())
        assertTrue(client.links(q = "kotlin", tag = "no-such-tag").data.isEmpty())
        assertTrue(client.links().data.any { it.id == created.id })
        assertTrue(created.createdAt.toInstant().toEpochMilli() > 0)

        val updated = client.updateLink(created.id, UpdateLinkRequest(destination = "https://example.com/kotlin2", geoTargeting = emptyMap()))
        assertEquals("https://example.com/kotlin2", updated.destination)
        assertEquals(emptyMap<String, String>(), updated.geoTargeting)
        assertEquals(listOf("kotlin", "sdk"), updated.tags)

        // An explicit JSON null clears a nullable field; fields not given stay as they are.
        val cleared = client.updateLink(created.id, UpdateLinkRequest(clear = setOf(UpdateLinkRequest.Clear.TAGS)))
        assertEquals(emptyList<String>(), cleared.tags)
        assertEquals("https://example.com/kotlin2", cleared.destination)
        assertEquals(cleared, client.link(created.id))

        val stats = client.linkStats(created.id)
        assertEquals(created.id, stats.linkId)

        client.deleteLink(created.id)
        val gone = expectError { client.link(created.id) }
        assertEquals(404, gone.status)
        assertEquals("not_found", gone.code)
    }

    @Test
    fun validationErrorCarriesDetails() = runBlocking {
        val e = expectError {
            client.createLink(CreateLinkRequest(destination = "javascript:alert(1)", geoTargeting = mapOf("US" to "ftp://example.com")))
        }
        assertEquals(400, e.status)
        assertEquals("validation_failed", e.code)
        assertNotNull(e.requestId)
        assertTrue(e.details.any { it.path == "destination" }, e.details.toString())
        assertTrue(e.details.any { it.path.startsWith("geo_targeting") }, e.details.toString())
    }

    @Test
    fun notFound() = runBlocking {
        val e = expectError { client.deleteLink("lnk_doesnotexist") }
        assertEquals(404, e.status)
        assertEquals("not_found", e.code)
    }

    @Test
    fun workspaceTagsAndKeys() = runBlocking {
        val ws = client.workspace()
        assertTrue(ws.id.startsWith("wsp_"), ws.id)
        assertEquals(Plan.STANDARD, ws.plan)
        client.tags()
        val k = client.createKey(CreateKeyRequest(name = "kotlin-it"))
        assertTrue(k.key.startsWith("lsk_live_"))
        assertTrue(client.keys().data.any { it.id == k.id })
        client.revokeKey(k.id)
    }
}
