(() => {
  if (!("EventSource" in window) || !("DOMParser" in window)) return;
  const token = new URLSearchParams(location.search).get("token");
  const query = token ? "?token=" + encodeURIComponent(token) : "";
  const live = document.getElementById("live");
  const liveText = document.getElementById("live-text");
  live.hidden = false;
  let timer = null;
  // Whether the goal of `day` was said already (and from now on, that it was).
  const saidDays = new Set();
  function saidToday(day) {
    const key = "wordcounter-goal-said-" + day;
    let said = saidDays.has(key);
    try { said = said || sessionStorage.getItem(key) !== null; sessionStorage.setItem(key, "1"); } catch {}
    saidDays.add(key);
    return said;
  }
  let refreshing = false;
  async function refresh() {
    if (refreshing) { timer = setTimeout(refresh, 250); return; }
    // Someone is typing in a form: refreshing would replace it, so wait until they are done.
    const active = document.activeElement;
    if (active && active.form && document.getElementById("dashboard")?.contains(active)) {
      timer = setTimeout(refresh, 1000);
      return;
    }
    refreshing = true;
    try {
      const response = await fetch(location.pathname + location.search, { headers: { "Accept": "text/html" } });
      if (!response.ok) return;
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = page.getElementById("dashboard");
      if (fresh) {
        const old = document.getElementById("dashboard");
        const before = document.getElementById("today-words")?.dataset.words;
        const wasReached = old.querySelector("section.today")?.classList.contains("reached");
        const tableOpen = old.querySelector("details.chart-table")?.open;
        const yearOpen = old.querySelector("details.heatmap-table")?.open;
        const machinesOpen = old.querySelector("details.machines-table")?.open;
        const editsOpen = [...old.querySelectorAll("details.edit")].map((d) => d.open);
        const heatmapLeft = old.querySelector(".heatmap-scroll")?.scrollLeft;
        const focusedDay = old.contains(document.activeElement) ? document.activeElement.dataset?.day : null;
        const next = document.importNode(fresh, true);
        old.replaceWith(next);
        document.title = page.title;
        const heatmap = next.querySelector(".heatmap-scroll");
        if (heatmap && heatmapLeft !== undefined) heatmap.scrollLeft = heatmapLeft;
        if (tableOpen) next.querySelectorAll("details.chart-table").forEach((d) => { d.open = true; });
        if (yearOpen) next.querySelectorAll("details.heatmap-table").forEach((d) => { d.open = true; });
        if (machinesOpen) next.querySelectorAll("details.machines-table").forEach((d) => { d.open = true; });
        next.querySelectorAll("details.edit").forEach((d, i) => { if (editsOpen[i]) d.open = true; });
        if (focusedDay) {
          const bars = [...next.querySelectorAll("[data-day]")].filter((b) => b.dataset.day === focusedDay);
          bars.find((b) => b.getClientRects().length > 0)?.focus();
        }
        const now = document.getElementById("today-words");
        if (now && now.dataset.words !== before) {
          document.getElementById("announce").textContent = "Today: " + now.textContent + " words";
        }
        // The goal reached while the page is open: said once a day, not on every refresh
        // nor in every tab opened since (the tab's session remembers it).
        const today = next.querySelector("section.today");
        if (!wasReached && today?.classList.contains("reached") && now && !saidToday(today.dataset.day)) {
          document.getElementById("announce").textContent =
            "Daily goal reached: " + now.textContent + " words today";
          today.querySelector(".goal-text")?.classList.add("just-reached");
        }
      }
    } catch (error) {
      console.warn("Word Counter: could not refresh", error);
    } finally {
      refreshing = false;
    }
  }
  const source = new EventSource("/api/events" + query);
  let opened = false;
  source.onopen = () => {
    live.classList.add("on");
    liveText.textContent = "live";
    // A reconnection: what changed while the stream was down was never sent, so ask again.
    if (opened) { clearTimeout(timer); refresh(); }
    opened = true;
  };
  source.onerror = () => { live.classList.remove("on"); liveText.textContent = "reconnecting…"; };
  source.onmessage = () => { clearTimeout(timer); timer = setTimeout(refresh, 250); };
})();