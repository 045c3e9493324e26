package dev.lsk.client

import com.fasterxml.jackson.core.type.TypeReference
import com.fasterxml.jackson.databind.DeserializationFeature
import com.fasterxml.jackson.databind.ObjectMapper
import com.fasterxml.jackson.databind.SerializationFeature
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule
import com.fasterxml.jackson.module.kotlin.jacksonObjectMapper
import kotlinx.coroutines.future.await
import java.net.URI
import java.net.URLEncoder
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.nio.charset.StandardCharsets
import java.time.Duration

/** A non-JSON answer as received (e.g. CSV): its content type and bytes. */
class LskRawResponse(val contentType: String, val body: ByteArray) {
    /** The body decoded as UTF-8 (CSV, SVG). */
    fun text(): String = String(body, StandardCharsets.UTF_8)
}

/**
 * The hand-written HTTP core (java.net.http sendAsync awaited with kotlinx-coroutines, Jackson for
 * JSON): JSON, text and byte answers, the bearer key, error answers turned into [LskException], and
 * automatic key rotation (`Lsk-Rotated-Key`). The generated [LskClient] extends it with one suspend
 * function per operation; nothing here knows the operations.
 */
open class LskHttp(
    baseUrl: String,
    basePath: String,
    apiKey: String,
    private val httpClient: HttpClient,
    private val timeout: Duration,
    /** Called with the new key whenever the service rotates it; the client already uses it. */
    @Volatile var onKeyRotated: ((String) -> Unit)? = null,
) {
    private val base: String
    init {
        require(baseUrl.isNotEmpty()) { "baseUrl is required" }
        require(apiKey.isNotEmpty()) { "apiKey is required" }
        val b = baseUrl.trimEnd('/')
        base = if (basePath.isEmpty() || b.endsWith(basePath)) b else b + basePath
    }

    /** The API key in use (after an automatic rotation: the new one). */
    @Volatile
    var apiKey: String = apiKey
        private set

    protected suspend fun <T> send(method: String, path: String, query: Params, headers: Params, body: Any?, type: TypeReference<T>): T {
        val res = exchange(method, path, query, headers, body, "application/json")
        return JSON.readValue(res.body(), type)
    }

    protected suspend fun sendNoContent(method: String, path: String, query: Params, headers: Params, body: Any?) {
        exchange(method, path, query, headers, body, "application/json")
    }

    protected suspend fun sendText(method: String, path: String, query: Params, headers: Params, body: Any?, accept: String): String =
        String(exchange(method, path, query, headers, body, "$accept, application/json").body(), StandardCharsets.UTF_8)

    protected suspend fun sendBytes(method: String, path: String, query: Params, headers: Params, body: Any?, accept: String): ByteArray =
        exchange(method, path, query, headers, body, "$accept, application/json").body()

    protected suspend fun sendRaw(method: String, path: String, query: Params, headers: Params, body: Any?, accept: String): LskRawResponse {
        val res = exchange(method, path, query, headers, body, accept)
        return LskRawResponse(res.headers().firstValue("Content-Type").orElse(""), res.body())
    }

    private suspend fun exchange(method: String, path: String, query: Params, headers: Params, body: Any?, accept: String): HttpResponse<ByteArray> {
        // A collection is sent as repeated names (ids=a&ids=b); comma lists arrive here already joined.
        val qs = query.flatMap { (k, v) -> if (v is Collection<*>) v.map { k to it } else listOf(k to v) }
            .filter { it.second != null }
            .joinToString("&") { "${segment(it.first)}=${segment(it.second.toString())}" }
        val b = HttpRequest.newBuilder(URI.create(base + path + if (qs.isEmpty()) "" else "?$qs"))
            .timeout(timeout)
            .header("Accept", accept)
            .header("Authorization", "Bearer $apiKey")
            .header("User-Agent", USER_AGENT)
        for ((k, v) in headers) if (v != null) b.header(k, v.toString())
        if (body != null) {
            b.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body)))
        } else {
            b.method(method, HttpRequest.BodyPublishers.noBody())
        }
        // await() cancels the HTTP exchange when the calling coroutine is cancelled.
        val res = httpClient.sendAsync(b.build(), HttpResponse.BodyHandlers.ofByteArray()).await()
        res.headers().firstValue("Lsk-Rotated-Key").ifPresent { rotate(it) }
        if (res.statusCode() !in 200..299) throw LskException.from(res.statusCode(), res.headers(), res.body())
        return res
    }

    private fun rotate(newKey: String) {
        synchronized(this) {
            if (newKey.isEmpty() || newKey == apiKey) return
            apiKey = newKey
        }
        onKeyRotated?.invoke(newKey)
    }

    companion object {
        internal const val USER_AGENT = "lsk-kotlin/1.0.0"
        internal val JSON: ObjectMapper = jacksonObjectMapper()
            .registerModule(JavaTimeModule())
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .configure(DeserializationFeature.READ_UNKNOWN_ENUM_VALUES_AS_NULL, true)
            .configure(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS, false)

        /** Percent-encodes one path segment or query value. */
        fun segment(value: String): String = URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20")
    }
}

/** Name/value pairs of a query string or of headers; null values are not sent. */
typealias Params = List<Pair<String, Any?>>
