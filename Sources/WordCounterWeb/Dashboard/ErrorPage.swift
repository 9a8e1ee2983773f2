import Foundation
import Hummingbird

/// A short page for a browser that asked for something the dashboard cannot show: what was wrong,
/// and links that lead somewhere that works. API clients get `{"error": "…"}` instead.
struct ErrorPage {
    /// The heading: what happened, in a few words.
    let heading: String
    /// What was wrong and what would work.
    let message: String
    /// The links offered instead, as (address, text); addresses are used as given.
    let links: [(href: String, text: String)]

    /// The HTML document.
    var html: HTML {
        let items = links.map { link -> HTML in "<li><a href=\"\(link.href)\">\(link.text)</a></li>" }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">\
            <meta name="viewport" content="width=device-width, initial-scale=1">\
            <title>\(heading) · Word Counter</title><style>\(DashboardStyle.css)</style></head>
            <body><main><section class="card wide"><h1>\(heading)</h1>\
            <p role="alert">\(message)</p><ul>\(items)</ul></section></main></body></html>
            """
    }

    /// The page as an answer with `status`, kept out of caches.
    func response(status: HTTPResponse.Status) -> Response {
        let buffer = ByteBuffer(string: html.markup)
        return Response(
            status: status,
            headers: [
                .contentType: "text/html; charset=utf-8", .contentLength: String(buffer.readableBytes),
                .cacheControl: "no-store", .xContentTypeOptions: "nosniff",
            ],
            body: ResponseBody(byteBuffer: buffer))
    }

    /// Whether `request` comes from a browser showing pages: its `Accept` header names HTML
    /// (`text/html` or `application/xhtml+xml`) without refusing it (`;q=0`).
    static func isWanted(by request: Request) -> Bool {
        guard let accept = request.headers[.accept] else { return false }
        return accept.split(separator: ",").contains { range in
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let type = parts.first, type == "text/html" || type == "application/xhtml+xml" else { return false }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) }
            return (quality ?? 1) > 0
        }
    }
}
