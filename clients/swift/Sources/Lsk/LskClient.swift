import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One field at fault (`details[]` of the error envelope), e.g. path `geo_targeting.US`.
public struct LskErrorDetail: Codable, Sendable, Equatable {
    public let path: String
    public let message: String
}

/// An error answered by the service: the HTTP status and the envelope
/// `{"error": {"code", "message", "details", "request_id"}}`.
public struct LskError: Error, Sendable, CustomStringConvertible {
    public let status: Int
    /// e.g. `validation_failed`, `not_found`, `rate_limited`.
    public let code: String
    public let message: String
    /// Every field problem found (empty when no field is at fault).
    public let details: [LskErrorDetail]
    /// Body `request_id`, or the `X-Request-Id` header.
    public let requestId: String?
    /// `Retry-After` in seconds (429), or nil.
    public let retryAfterSeconds: Int?

    public var description: String { "LskError(\(status) \(code): \(message))" }
}

/// The hand-written core of the client (URLSession async/await, JSONEncoder/JSONDecoder): the
/// bearer key, error responses thrown as `LskError`, and automatic key rotation (`Lsk-Rotated-Key`).
/// The generated `LskClient+Operations.swift` adds one `async throws` method per operation.
public final class LskClient: @unchecked Sendable {
    private let base: String
    private let session: URLSession
    private let lock = NSLock()
    private var key: String
    private var rotated: ((String) -> Void)?

    /// - Parameters:
    ///   - baseURL: the service, e.g. `https://lsk.example.com` (with or without the base path).
    ///   - onKeyRotated: called with the new key whenever the service rotates it; the client already uses it.
    public init(baseURL: URL, apiKey: String, session: URLSession = .shared, onKeyRotated: ((String) -> Void)? = nil) {
        var b = baseURL.absoluteString
        while b.hasSuffix("/") { b.removeLast() }
        self.base = b.hasSuffix(Self.basePath) ? b : b + Self.basePath
        self.key = apiKey
        self.session = session
        self.rotated = onKeyRotated
    }

    /// The API key in use (after an automatic rotation: the new one).
    public var apiKey: String { lock.lock(); defer { lock.unlock() }; return key }

    static func segment(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }

    func encode<T: Encodable>(_ body: T?) throws -> Data? {
        guard let body = body else { return nil }
        return try JSONEncoder().encode(body)
    }

    func send<T: Decodable>(_ method: String, _ path: String, query: [(String, String?)], body: Data?, as type: T.Type) async throws -> T {
        let data = try await exchange(method, path, query: query, body: body)
        return try JSONDecoder().decode(T.self, from: data)
    }

    func sendNoContent(_ method: String, _ path: String, query: [(String, String?)], body: Data?) async throws {
        _ = try await exchange(method, path, query: query, body: body)
    }

    private func exchange(_ method: String, _ path: String, query: [(String, String?)], body: Data?) async throws -> Data {
        let pairs = query.compactMap { name, value in value.map { "\(Self.segment(name))=\(Self.segment($0))" } }
        let urlString = base + path + (pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&"))
        guard let url = URL(string: urlString) else { throw URLError(.badURL) }
        var req = URLRequest(url: url)
        req.httpMethod = method
        req.setValue("application/json", forHTTPHeaderField: "Accept")
        req.setValue("Bearer \(apiKey)", forHTTPHeaderField: "Authorization")
        req.setValue("lsk-swift/1.0.0", forHTTPHeaderField: "User-Agent")
        if let body = body {
            req.setValue("application/json", forHTTPHeaderField: "Content-Type")
            req.httpBody = body
        }
        let (data, response) = try await session.data(for: req)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        if let newKey = http.value(forHTTPHeaderField: "Lsk-Rotated-Key"), !newKey.isEmpty { rotate(to: newKey) }
        guard (200...299).contains(http.statusCode) else { throw Self.error(http, data) }
        return data
    }

    private func rotate(to newKey: String) {
        lock.lock()
        guard newKey != key else { lock.unlock(); return }
        key = newKey
        let callback = rotated
        lock.unlock()
        callback?(newKey)
    }

    private struct Envelope: Decodable {
        struct Body: Decodable {
            let code: String?
            let message: String?
            let details: [LskErrorDetail]?
            let request_id: String?
        }
        let error: Body
    }

    private static func error(_ http: HTTPURLResponse, _ data: Data) -> LskError {
        let env = try? JSONDecoder().decode(Envelope.self, from: data)
        let text = String(data: data, encoding: .utf8) ?? ""
        return LskError(
            status: http.statusCode,
            code: env?.error.code ?? "http_\(http.statusCode)",
            message: env?.error.message ?? (text.isEmpty ? "HTTP \(http.statusCode)" : "HTTP \(http.statusCode): \(text)"),
            details: env?.error.details ?? [],
            requestId: env?.error.request_id ?? http.value(forHTTPHeaderField: "X-Request-Id"),
            retryAfterSeconds: http.value(forHTTPHeaderField: "Retry-After").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        )
    }
}
