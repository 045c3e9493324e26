package dev.lsk.client

import java.net.http.HttpHeaders

/** One field at fault (`details[]` of the error envelope), e.g. path `geo_targeting.US`. */
data class LskErrorDetail(val path: String, val message: String)

/**
 * An error answered by the service: the HTTP [status] and the envelope
 * `{"error": {"code", "message", "details", "request_id"}}`.
 */
class LskException(
    val status: Int,
    /** e.g. `validation_failed`, `not_found`, `rate_limited`. */
    val code: String,
    message: String,
    /** Every field problem found (empty when no field is at fault). */
    val details: List<LskErrorDetail> = emptyList(),
    /** Body `request_id`, or the `X-Request-Id` header. */
    val requestId: String? = null,
    /** `Retry-After` in seconds (429), or null. */
    val retryAfterSeconds: Int? = null,
) : RuntimeException(message) {
    override fun toString(): String =
        "LskException(status=$status, code=$code, message=$message, details=$details, requestId=$requestId)"

    companion object {
        internal fun from(status: Int, headers: HttpHeaders, body: ByteArray?): LskException {
            var requestId = headers.firstValue("X-Request-Id").orElse(null)
            val retryAfter = headers.firstValue("Retry-After").orElse(null)?.trim()?.toIntOrNull()
            var code = "http_$status"
            var message = "HTTP $status"
            val details = mutableListOf<LskErrorDetail>()
            val text = body?.toString(Charsets.UTF_8).orEmpty()
            val err = try {
                if (text.isEmpty()) null else LskHttp.JSON.readTree(text)?.get("error")
            } catch (e: Exception) {
                null
            }
            if (err != null && err.isObject) {
                err.get("code")?.takeIf { !it.isNull }?.let { code = it.asText() }
                err.get("message")?.takeIf { !it.isNull }?.let { message = it.asText() }
                err.get("request_id")?.takeIf { !it.isNull }?.let { requestId = it.asText() }
                err.get("details")?.takeIf { it.isArray }?.forEach {
                    details += LskErrorDetail(it.path("path").asText(""), it.path("message").asText(""))
                }
            } else if (text.isNotEmpty()) {
                message = "$message: $text"
            }
            return LskException(status, code, message, details, requestId, retryAfter)
        }
    }
}
