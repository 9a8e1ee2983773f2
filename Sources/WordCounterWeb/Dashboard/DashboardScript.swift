/// The dashboard's only script: live updates. The page is complete without it.
///
/// It listens to `/api/events` with `EventSource` (carrying `?token=` when the page has one)
/// and, a quarter of a second after the last message of a burst, fetches the page again and
/// swaps in its `<main>`, so the server stays the only renderer.
enum DashboardScript {
    /// The JavaScript.
    static let javascript = """
        (() => {
          if (!("EventSource" in window) || !("DOMParser" in window)) return;
          const token = new URLSearchParams(location.search).get("token");
          const query = token ? "?token=" + encodeURIComponent(token) : "";
          const live = document.getElementById("live");
          const liveText = document.getElementById("live-text");
          live.hidden = false;
          let timer = null;
          let refreshing = false;
          async function refresh() {
            if (refreshing) { timer = setTimeout(refresh, 250); return; }
            refreshing = true;
            try {
              const response = await fetch(location.pathname + query, { headers: { "Accept": "text/html" } });
              if (!response.ok) return;
              const page = new DOMParser().parseFromString(await response.text(), "text/html");
              const fresh = page.getElementById("dashboard");
              if (fresh) {
                document.getElementById("dashboard").replaceWith(document.importNode(fresh, true));
                document.title = page.title;
              }
            } catch (error) {
              console.warn("Word Counter: could not refresh", error);
            } finally {
              refreshing = false;
            }
          }
          const source = new EventSource("/api/events" + query);
          source.onopen = () => { live.classList.add("on"); liveText.textContent = "live"; };
          source.onerror = () => { live.classList.remove("on"); liveText.textContent = "reconnecting…"; };
          source.onmessage = () => { clearTimeout(timer); timer = setTimeout(refresh, 250); };
        })();
        """
}
