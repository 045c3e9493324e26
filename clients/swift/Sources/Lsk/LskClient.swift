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

/// A non-JSON answer as received (e.g. CSV): its content type and bytes.
public struct LskRawResponse: Sendable {
    public let contentType: String
    public let body: Data
    /// The body decoded as UTF-8 (CSV, SVG).
    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// A value that can stand in a query string or a header.
public protocol LskQueryValue {
    var queryValue: String { get }
}

extension String: LskQueryValue { public var queryValue: String { self } }
extension Int: LskQueryValue { public var queryValue: String { String(self) } }
extension Int64: LskQueryValue { public var queryValue: String { String(self) } }
extension Double: LskQueryValue { public var queryValue: String { String(self) } }
extension Bool: LskQueryValue { public var queryValue: String { self ? "true" : "false" } }
extension Date: LskQueryValue { public var queryValue: String { LskClient.isoString(self) } }

/// Any JSON value, for the parts of the API that have no fixed shape.
public enum JSONValue: Codable, Sendable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case object([String: JSONValue])
    case array([JSONValue])
    case null

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([JSONValue].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .string(let s): try c.encode(s)
        case .number(let n): try c.encode(n)
        case .bool(let b): try c.encode(b)
        case .object(let o): try c.encode(o)
        case .array(let a): try c.encode(a)
        case .null: try c.encodeNil()
        }
    }
}

/// The hand-written core of the client (URLSession async/await, JSONEncoder/JSONDecoder): JSON, text
/// and byte answers, the bearer key, error answers thrown as `LskError`, and automatic key rotation
/// (`Lsk-Rotated-Key`). The generated `LskClient+Operations.swift` adds one `async throws` method per
/// operation; nothing here knows the operations.
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

    /// One query or header pair (nil: not sent).
    static func param<V: LskQueryValue>(_ name: String, _ value: V?) -> [(String, String?)] {
        [(name, value?.queryValue)]
    }

    /// A list: repeated names (`ids=a&ids=b`) when `explode`, else one comma-separated value.
    static func param<V: LskQueryValue>(_ name: String, _ values: [V]?, explode: Bool) -> [(String, String?)] {
        guard let values = values else { return [] }
        if explode { return values.map { (name, $0.queryValue) } }
        return [(name, values.map { $0.queryValue }.joined(separator: ","))]
    }

    static func isoString(_ date: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f.string(from: date)
    }

    static func parseDate(_ text: String) -> Date? {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let d = f.date(from: text) { return d }
        f.formatOptions = [.withInternetDateTime]
        return f.date(from: text)
    }

    static func makeDecoder() -> JSONDecoder {
        let d = JSONDecoder()
        d.dateDecodingStrategy = .custom { decoder in
            let c = try decoder.singleValueContainer()
            let text = try c.decode(String.self)
            guard let date = LskClient.parseDate(text) else {
                throw DecodingError.dataCorruptedError(in: c, debugDescription: "not an ISO 8601 date-time: \(text)")
            }
            return date
        }
        return d
    }

    func encode<T: Encodable>(_ body: T?) throws -> Data? {
        guard let body = body else { return nil }
        let e = JSONEncoder()
        e.dateEncodingStrategy = .custom { date, encoder in
            var c = encoder.singleValueContainer()
            try c.encode(LskClient.isoString(date))
        }
        return try e.encode(body)
    }

    func send<T: Decodable>(_ method: String, _ path: String, query: [(String, String?)], headers: [(String, String?)], body: Data?, as type: T.Type) async throws -> T {
        let (data, _) = try await exchange(method, path, query: query, headers: headers, body: body, accept: "application/json")
        return try Self.makeDecoder().decode(T.self, from: data)
    }

    func sendNoContent(_ method: String, _ path: String, query: [(String, String?)], headers: [(String, String?)], body: Data?) async throws {
        _ = try await exchange(method, path, query: query, headers: headers, body: body, accept: "application/json")
    }

    func sendText(_ method: String, _ path: String, query: [(String, String?)], headers: [(String, String?)], body: Data?, accept: String) async throws -> String {
        let (data, _) = try await exchange(method, path, query: query, headers: headers, body: body, accept: accept + ", application/json")
        return String(decoding: data, as: UTF8.self)
    }

    func sendData(_ method: String, _ path: String, query: [(String, String?)], headers: [(String, String?)], body: Data?, accept: String) async throws -> Data {
        let (data, _) = try await exchange(method, path, query: query, headers: headers, body: body, accept: accept + ", application/json")
        return data
    }

    func sendRaw(_ method: String, _ path: String, query: [(String, String?)], headers: [(String, String?)], body: Data?, accept: String) async throws -> LskRawResponse {
        let (data, http) = try await exchange(method, path, query: query, headers: headers, body: body, accept: accept)
        return LskRawResponse(contentType: http.value(forHTTPHeaderField: "Content-Type") ?? "", body: data)
    }

    private func exchange(_ method: String, _ path: String, query: [(String, String?)], headers: [(String, String?)], body: Data?, accept: String) async throws -> (Data, HTTPURLResponse) {
        let pairs = query.compactMap { name, value in value.map { "\(Self.segment(name))=\(Self.segment($0))" } }
        let urlString = base + path + (pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&"))
        guard let url = URL(string: urlString) else { throw URLError(.badURL) }
        var req = URLRequest(url: url)
        req.httpMethod = method
        req.setValue(accept, forHTTPHeaderField: "Accept")
        req.setValue("Bearer \(apiKey)", forHTTPHeaderField: "Authorization")
        req.setValue("lsk-swift/1.0.0", forHTTPHeaderField: "User-Agent")
        for (name, value) in headers {
            if let value = value { req.setValue(value, forHTTPHeaderField: name) }
        }
        if let body = body {
            req.setValue("application/json", forHTTPHeaderField: "Content-Type")
            req.httpBody = body
        }
        let (data, response) = try await session.data(for: req)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        if let newKey = http.value(forHTTPHeaderField: "Lsk-Rotated-Key"), !newKey.isEmpty { rotate(to: newKey) }
        guard (200...299).contains(http.statusCode) else { throw Self.error(http, data) }
        return (data, http)
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
        let text = String(decoding: data, as: UTF8.self)
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
