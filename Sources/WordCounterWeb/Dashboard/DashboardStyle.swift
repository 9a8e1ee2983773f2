/// The dashboard's stylesheet, inline in the page: system fonts, no downloads, light and dark.
enum DashboardStyle {
    /// The CSS.
    static let css = """
        :root { --bg: #f6f5f1; --card: #ffffff; --ink: #1f2328; --muted: #5d6577; --line: #e4e2dc;
          --accent: #3b6fd8; --accent-soft: #dbe5fa; --good: #237548; --good-soft: #e3f1e9; --warn: #c2410c; --warn-soft: #fff1e8;
          --bar: #9db4e6; color-scheme: light dark; }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #15171b; --card: #1f2228; --ink: #e8e6e1; --muted: #9aa1ad; --line: #2f333b;
            --accent: #7ea2f0; --accent-soft: #27324a; --good: #5cc38a; --good-soft: #1e3328; --warn: #fb8c4d; --warn-soft: #3a2418;
            --bar: #4a6094; }
        }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--ink);
          font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
        code { color: var(--ink); font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 0.9em;
          background: var(--accent-soft); padding: 0.05em 0.35em; border-radius: 4px; }
        .top { max-width: 1080px; margin: 0 auto; padding: 28px 24px 8px; display: flex;
          align-items: flex-end; justify-content: space-between; gap: 16px; }
        h1 { margin: 0; font-size: 1.6rem; letter-spacing: -0.01em; }
        h2 { margin: 0 0 8px; font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.08em; color: var(--muted); }
        .date { margin: 2px 0 0; color: var(--muted); }
        .live { margin: 0; font-size: 0.85rem; color: var(--muted); display: flex; align-items: center; gap: 6px; }
        .live .dot { width: 8px; height: 8px; border-radius: 50%; background: var(--muted); }
        .live.on .dot { background: var(--good); box-shadow: 0 0 0 3px color-mix(in srgb, var(--good) 25%, transparent); }
        main { max-width: 1080px; margin: 0 auto; padding: 12px 24px 24px; display: grid;
          grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 16px; }
        .card { min-width: 0; background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 20px 22px; }
        .wide { grid-column: 1 / -1; }
        .today-count { margin: 0; font-size: 1.1rem; color: var(--muted); }
        .today-count strong { font-size: 3.2rem; line-height: 1.1; color: var(--ink); font-weight: 700;
          letter-spacing: -0.02em; font-variant-numeric: tabular-nums; }
        .goal-text { margin: 6px 0 12px; }
        .today.reached .goal-text { color: var(--good); font-weight: 600; }
        .goal-text.just-reached { background: var(--good-soft); border-radius: 6px;
          padding: 2px 6px; margin-left: -6px; }
        .meter { height: 12px; background: var(--accent-soft); border-radius: 6px; overflow: hidden; }
        .meter-fill { height: 100%; background: var(--accent); border-radius: 6px; }
        .today.reached .meter-fill { background: var(--good); }
        .sparkline line { stroke: var(--muted); stroke-width: 0.5; opacity: 0.6; }
        .sparkline .up { fill: var(--accent); }
        .sparkline .down { fill: var(--muted); }
        td.spark { padding-top: 2px; padding-bottom: 0; }
        td.target { white-space: nowrap; font-size: 0.9rem; }
        td.target .meter { height: 6px; margin-top: 4px; min-width: 4em; }
        .inline-form { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin-top: 14px; }
        .inline-form input, .project-form input { width: 8.5em; font: inherit; padding: 4px 6px; }
        .project-form { display: grid; grid-template-columns: auto 1fr; gap: 6px 10px; align-items: center;
          margin-top: 8px; max-width: 22rem; }
        .project-form button { grid-column: 2; justify-self: start; }
        details.edit summary { cursor: pointer; color: var(--muted); font-size: 0.9rem; }
        .stats .stat-grid { display: grid; grid-template-columns: 1fr 1fr; gap: 14px 18px; }
        .stats dl.stat { margin: 0; }
        .stat dt { color: var(--muted); font-size: 0.85rem; }
        .stat dd { margin: 0; font-size: 1.7rem; font-weight: 650; font-variant-numeric: tabular-nums; }
        .stat.warn dd, .stat.warn dt { color: var(--warn); }
        .caption { margin: -4px 0 8px; color: var(--muted); font-size: 0.9rem; }
        svg.chart { width: 100%; height: auto; display: block; }
        .stats small { color: var(--muted); font-size: 0.8em; font-weight: normal; }
        .projects { list-style: none; margin: 0; padding: 0; display: grid; gap: 14px; }
        .projects h3 { margin: 0 0 4px; font-size: 1rem; overflow-wrap: anywhere; }
        .projects p { margin: 2px 0; }
        .heatmap-scroll { overflow-x: auto; max-width: 100%; direction: rtl; }
        svg.heatmap { direction: ltr; min-width: 640px; width: 100%; height: auto; display: block; }
        .heatmap-legend { list-style: none; margin: 8px 0 0; padding: 0; display: flex; flex-wrap: wrap;
          gap: 4px 14px; font-size: 0.85rem; color: var(--muted); }
        .heatmap-legend li { display: flex; align-items: center; gap: 6px; }
        .swatch { display: inline-block; width: 11px; height: 11px; border-radius: 2px; }
        .swatch.level-0 { background: var(--line); }
        .swatch.level-1 { background: color-mix(in srgb, var(--bar) 35%, var(--card)); }
        .swatch.level-2 { background: color-mix(in srgb, var(--bar) 60%, var(--card)); }
        .swatch.level-3 { background: var(--bar); }
        .swatch.level-4 { background: var(--good); }
        .heatmap .axis { fill: var(--muted); font-size: 9px; font-family: inherit; }
        .heatmap .level-0 { fill: var(--line); }
        .heatmap .level-1 { fill: color-mix(in srgb, var(--bar) 35%, var(--card)); }
        .heatmap .level-2 { fill: color-mix(in srgb, var(--bar) 60%, var(--card)); }
        .heatmap .level-3 { fill: var(--bar); }
        .heatmap .level-4 { fill: var(--good); }
        .heatmap .today { stroke: var(--accent); stroke-width: 1.5; }
        .chart .grid { stroke: var(--line); stroke-width: 1; }
        .chart .zero { stroke: var(--muted); stroke-width: 1; }
        .chart .axis { fill: var(--muted); font-size: 11px; font-family: inherit; }
        .chart .bar rect { fill: var(--bar); }
        .chart .bar.reached rect { fill: var(--good); }
        .chart .bar.negative rect { fill: var(--warn); }
        .chart .bar.today rect { fill: var(--accent); }
        .chart .bar:hover rect { opacity: 0.8; }
        .chart .goal { stroke: var(--good); stroke-width: 1.5; stroke-dasharray: 6 4; }
        .chart .goal-label { fill: var(--good); font-size: 11px; font-weight: 600; }
        .table-scroll { overflow-x: auto; }
        table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
        th { text-align: left; font-size: 0.8rem; color: var(--muted); font-weight: 600; padding: 6px 10px;
          border-bottom: 1px solid var(--line); }
        td { padding: 8px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
        tr:last-child td { border-bottom: none; }
        .num { text-align: right; white-space: nowrap; }
        .path { word-break: break-all; }
        .path .folder { color: var(--muted); }
        .path .name { font-weight: 600; }
        .change.up { color: var(--good); }
        .change.down { color: var(--warn); }
        tr.missing td { background: var(--warn-soft); }
        tr.missing .name { text-decoration: line-through; text-decoration-color: var(--warn); }
        tr.unreadable td { background: var(--warn-soft); }
        .badge { display: inline-block; font-size: 0.75rem; font-weight: 600; padding: 1px 8px; border-radius: 999px;
          background: var(--accent-soft); color: var(--accent); }
        .badge.ok { background: var(--good-soft); color: var(--good); }
        .badge.missing, .badge.unreadable { background: var(--warn); color: #fff; }
        .reason { display: block; color: var(--warn); font-size: 0.8rem; }
        .empty { color: var(--muted); }
        footer { max-width: 1080px; margin: 0 auto; padding: 0 24px 32px; color: var(--muted); font-size: 0.8rem; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
          clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
        .chart-head { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 4px 12px; }
        .ranges { display: flex; flex-wrap: wrap; gap: 4px; font-size: 0.85rem; }
        .ranges a { color: var(--accent); text-decoration: none; padding: 2px 8px; border-radius: 999px; }
        .ranges a:hover { background: var(--accent-soft); }
        .ranges a[aria-current] { background: var(--accent); color: var(--card); font-weight: 600; }
        a:focus-visible, summary:focus-visible, .heatmap-scroll:focus-visible, .chart .bar:focus-visible { outline: 3px solid var(--accent);
          outline-offset: 2px; }
        .chart .bar:focus { outline: none; }
        .chart .bar:focus-visible rect { stroke: var(--ink); stroke-width: 2; }
        .chart-narrow { display: none; }
        .folders tbody th { font-size: inherit; color: var(--ink); font-weight: 600; text-align: left; padding: 8px 10px;
          border-bottom: 1px solid var(--line); }
        .folders tbody tr:last-child th { border-bottom: none; }
        .folders tr.depth-1 th { padding-left: 1.6em; font-weight: 400; }
        .folders tr.depth-2 th { padding-left: 2.8em; font-weight: 400; }
        .folders tr.depth-3 th, .folders tr.depth-4 th, .folders tr.depth-5 th, .folders tr.depth-6 th {
          padding-left: 4em; font-weight: 400; }
        .sessions tbody th { font-size: inherit; color: var(--ink); font-weight: 400; text-align: left;
          padding: 8px 10px; border-bottom: 1px solid var(--line); }
        .sessions tbody tr:last-child th { border-bottom: none; }
        .machine-shares { list-style: none; margin: 0; padding: 0; display: grid; gap: 10px; }
        .machine-shares .machine-name { font-weight: 600; overflow-wrap: anywhere; }
        .machine-shares .meter { margin-top: 4px; height: 8px; }
        .chart-table, .heatmap-table, .machines-table { margin-top: 10px; }
        .chart-table summary, .heatmap-table summary, .machines-table summary { cursor: pointer; color: var(--accent); font-size: 0.9rem; }
        .chart-table table, .heatmap-table table, .machines-table table { margin-top: 6px; }
        .chart-table tbody th, .heatmap-table tbody th, .machines-table tbody th { font-weight: 400; text-align: left; padding: 4px 10px;
          border-bottom: 1px solid var(--line); }
        .chart-table td, .heatmap-table td, .machines-table td { padding: 4px 10px; }
        @media (max-width: 720px) { main { grid-template-columns: minmax(0, 1fr); } .today-count strong { font-size: 2.6rem; } }
        @media (max-width: 600px) {
          .top { padding: 18px 14px 6px; flex-wrap: wrap; align-items: flex-start; }
          main { padding: 8px 10px 20px; gap: 12px; }
          footer { padding: 0 14px 24px; }
          .card { padding: 16px 14px; }
          .chart-wide { display: none; }
          .chart-narrow { display: block; }
          .files .spark { display: none; }
          .path { word-break: normal; overflow-wrap: anywhere; }
          .path .name { display: block; }
          .path .folder { display: block; font-size: 0.8rem; }
          td, th { padding: 6px 6px; }
        }
        """
}
