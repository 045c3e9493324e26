package dev.lsk.client

import com.sun.net.httpserver.HttpServer
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Test
import java.net.InetSocketAddress
import java.util.concurrent.CopyOnWriteArrayList

/** The core against a stub server (JDK HttpServer): key rotation and 429 handling, which a fresh lsk cannot trigger on demand. */
class LskHttpTest {
    private lateinit var server: HttpServer
    private val seenAuth = CopyOnWriteArrayList<String>()

    @BeforeEach
    fun start() {
        server = HttpServer.create(InetSocketAddress("127.0.0.1", 0), 0)
        server.createContext("/") { ex ->
            seenAuth += ex.requestHeaders.getFirst("Authorization")
            val body: ByteArray
            if (ex.requestURI.path == "/v1/workspace") {
                ex.responseHeaders.add("Lsk-Rotated-Key", "lsk_live_new")
                body = """{"id":"wsp_1","slug":"s","plan":"standard","rate_limit_rpm":100,"future":1}""".toByteArray()
                ex.sendResponseHeaders(200, body.size.toLong())
            } else {
                ex.responseHeaders.add("Retry-After", "7")
                body = """{"error":{"code":"rate_limited","message":"Slow down.","request_id":"req-1"}}""".toByteArray()
                ex.sendResponseHeaders(429, body.size.toLong())
            }
            ex.responseBody.write(body)
            ex.close()
        }
        server.start()
    }

    @AfterEach
    fun stop() = server.stop(0)

    @Test
    fun switchesToTheRotatedKey() = runBlocking {
        val rotated = CopyOnWriteArrayList<String>()
        val c = LskClient("http://127.0.0.1:${server.address.port}", "lsk_live_old", onKeyRotated = { rotated += it })
        assertEquals(100, c.workspace().rateLimitRpm)
        c.workspace()
        assertEquals("lsk_live_new", c.apiKey)
        assertEquals(listOf("lsk_live_new"), rotated)
        assertEquals(listOf("Bearer lsk_live_old", "Bearer lsk_live_new"), seenAuth)
    }

    @Test
    fun rateLimited() = runBlocking {
        val c = LskClient("http://127.0.0.1:${server.address.port}", "lsk_live_x")
        val e = try {
            c.tags()
            throw AssertionError("expected LskException")
        } catch (e: LskException) {
            e
        }
        assertEquals(429, e.status)
        assertEquals("rate_limited", e.code)
        assertEquals(7, e.retryAfterSeconds)
        assertEquals("req-1", e.requestId)
    }
}
