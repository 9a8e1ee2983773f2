import Foundation
import Hummingbird
import NIOCore
import WordCounter

/// `POST /goal` and `POST /projects/{name}`: the dashboard's forms, which work without
/// JavaScript. Each answers `303 See Other` back to the page, or a short page that says what was
/// wrong and changes nothing.
///
/// Only the dashboard's own page may post them: a request whose `Sec-Fetch-Site` or `Origin`
/// header says it came from another site is refused with 403, so a page elsewhere cannot change
/// a writer's goal through their browser. (Clients that are not browsers send neither; the token
/// or the loopback check guards them as it guards the rest of the server.)
struct DashboardForms: Sendable {
    let app: WordCounterApp

    /// The largest form body read: the forms hold a few short fields.
    static let bodyLimit = 4096

    /// Adds the routes to `router`.
    func add(to router: Router<BasicRequestContext>) {
        router.post("goal") { request, _ in
            try await respond(to: request) { form in
                guard let words = try form.number("daily", named: "the daily goal") else {
                    throw APIError.badRequest("the daily goal must be a whole number of words")
                }
                try await TargetChanges(app: app).setGoal(words: words)
            }
        }
        router.post("projects/:name") { request, context in
            // The page escapes the name in the form's action; the router hands it over escaped.
            let escaped = try context.parameters.require("name")
            let name = escaped.removingPercentEncoding ?? escaped
            return try await respond(to: request) { form in
                _ = try await TargetChanges(app: app).changeProject(
                    named: name, target: try form.number("target", named: "the target"),
                    deadline: form["deadline"], dailyGoal: try form.number("dailyGoal", named: "the daily goal"))
            }
        }
    }

    /// Reads the form, runs `change` with it, and answers with a redirect to the page or an error page.
    private func respond(
        to request: Request, _ change: (FormFields) async throws -> Void
    ) async throws -> Response {
        let back = "/" + (request.uri.queryParameters["token"].map { "?token=" + String($0).formEncoded } ?? "")
        guard Self.isSameSite(request) else {
            return Self.page(status: .forbidden, message: "This form can only be sent from the dashboard.", back: back)
        }
        do {
            let buffer: ByteBuffer
            do {
                buffer = try await request.body.collect(upTo: Self.bodyLimit)
            } catch is NIOTooManyBytesError {
                throw APIError.bodyTooLarge(limit: Self.bodyLimit)
            }
            try await change(FormFields(String(buffer: buffer)))
        } catch let error as APIError {
            return Self.page(status: error.status, message: error.message, back: back)
        }
        return Response(status: .seeOther, headers: [.location: back, .cacheControl: "no-store"])
    }

    /// Whether the request came from a page of this server (or from no browser at all).
    static func isSameSite(_ request: Request) -> Bool {
        if let name = HTTPFields.Element.Name("Sec-Fetch-Site"), let site = request.headers[name] {
            return site == "same-origin" || site == "none"
        }
        if let name = HTTPFields.Element.Name("Origin"), let origin = request.headers[name] {
            guard let host = request.head.authority else { return false }
            return origin == "http://\(host)" || origin == "https://\(host)"
        }
        return true
    }

    /// A small page that says what went wrong, with a link back.
    static func page(status: HTTPResponse.Status, message: String, back: String) -> Response {
        let html: HTML = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">\
            <meta name="viewport" content="width=device-width, initial-scale=1">\
            <title>Not changed · Word Counter</title></head>
            <body><h1>Nothing was changed</h1><p role="alert">\(message)</p>\
            <p><a href="\(back)">Back to the dashboard</a></p></body></html>
            """
        let buffer = ByteBuffer(string: html.markup)
        return Response(
            status: status,
            headers: [
                .contentType: "text/html; charset=utf-8", .contentLength: String(buffer.readableBytes),
                .cacheControl: "no-store",
            ],
            body: ResponseBody(byteBuffer: buffer))
    }
}
