import HangmanWeb

/// The page's own style sheet and script, served from memory (`/app.css`, `/app.js`): nothing
/// from elsewhere, no web font, so the page works on a LAN with no internet. The script reads
/// only JSON it parses itself and writes only with `textContent` (never markup).
enum WebAssets {
    static func response(_ asset: WebAsset) -> HTTPResponse {
        switch asset {
        case .script: HTTPResponse(status: .ok, contentType: HTTPResponse.javascript, body: script)
        case .style: HTTPResponse(status: .ok, contentType: HTTPResponse.css, body: style)
        }
    }

    /// The projector view shows each slide this long.
    static let slideMilliseconds = 8000
    /// Without event streams, the front page reloads its rooms and boards this often.
    static let refreshMilliseconds = 3000

    static let style = Array(
        """
        :root { color-scheme: dark; --fg: #e8e6e3; --bg: #15171a; --dim: #9aa0a6; --hit: #7bd88f; --line: #30343a; }
        body { margin: 0 auto; max-width: 60rem; padding: 1rem; background: var(--bg); color: var(--fg);
          font: 16px/1.5 system-ui, sans-serif; }
        header { display: flex; gap: 1.5rem; margin-bottom: 1rem; }
        a { color: #8ab4f8; }
        table { border-collapse: collapse; margin: .5rem 0 1.5rem; }
        th, td { text-align: left; padding: .2rem .8rem .2rem 0; border-bottom: 1px solid var(--line); }
        .empty, .hint, .status { color: var(--dim); }
        .pattern { font: 700 2.4rem/1.2 ui-monospace, monospace; letter-spacing: .15em; margin: .5rem 0; }
        .gallows { font: 1rem/1.1 ui-monospace, monospace; color: var(--dim); min-height: 7em; }
        .letters { font-family: ui-monospace, monospace; }
        .log { list-style: none; padding: 0; font-family: ui-monospace, monospace; }
        .log li:first-child { color: var(--hit); }
        .team-board tr.up td { color: var(--hit); font-weight: 700; }
        body.big { max-width: none; width: 1920px; height: 1080px; overflow: hidden; padding: 2rem 4rem; box-sizing: border-box;
          font-size: 34px; }
        body.big header { display: none; }
        body.big h1 { font-size: 72px; margin: 0 0 1rem; }
        body.big .pattern { font-size: 88px; letter-spacing: .05em; }
        body.big .gallows { font-size: 30px; float: right; margin: 0 0 0 2rem; }
        body.big p { margin: .4rem 0; }
        body.big.cycling .slide { display: none; }
        body.big.cycling .slide.shown { display: block; }

        """.utf8)

    static let script = Array(
        """
        "use strict";
        (function () {
          var body = document.body;
          function $(id) { return document.getElementById(id); }
          function put(el, value) { if (el) { el.textContent = value; } }
          function link(name) {
            var a = document.createElement("a");
            a.href = "/players/" + encodeURIComponent(name);
            a.textContent = name;
            return a;
          }
          var frames = [];
          var template = $("gallows-frames");
          if (template) {
            frames = Array.prototype.map.call(template.content.querySelectorAll("pre"), function (p) { return p.textContent; });
          }
          function showState(s) {
            if (String(s.max_misses) !== body.dataset.maxMisses) { location.reload(); return; }
            put($("round"), s.round === 0 ? "\\u2013" : s.round + " of " + s.rounds);
            put($("state"), s.status);
            put($("pattern"), s.pattern.split("").join(" "));
            put($("miss-count"), "misses " + s.misses + " of " + s.max_misses);
            put($("guessed"), s.guessed.join(" "));
            put($("whose-turn"), s.turn ? "Turn: " + s.turn : "");
            if (frames[s.misses] !== undefined) { put($("gallows"), frames[s.misses]); }
            var rows = $("players").tBodies[0];
            while (rows.firstChild) { rows.removeChild(rows.firstChild); }
            s.players.forEach(function (p) {
              var row = rows.insertRow();
              var cell = row.insertCell();
              cell.appendChild(link(p.name));
              if (p.bot) { cell.appendChild(document.createTextNode(" (bot)")); }
              row.insertCell().textContent = String(p.score);
            });
            showTeams(s);
            put($("spectators"), s.spectators + " watching");
          }
          function showTeams(s) {
            var box = $("team-board");
            if (!box) { return; }
            while (box.firstChild) { box.removeChild(box.firstChild); }
            if (!s.teams || !s.teams.length) { return; }
            var up = null;
            s.players.forEach(function (p) { if (s.turn && p.name === s.turn && p.team) { up = p.team; } });
            var table = document.createElement("table");
            table.className = "team-board";
            var head = table.createTHead().insertRow();
            ["Team", "Score", "Members"].forEach(function (title) {
              var th = document.createElement("th");
              th.textContent = title;
              head.appendChild(th);
            });
            var rows = table.createTBody();
            s.teams.forEach(function (t) {
              var row = rows.insertRow();
              if (t.team === up) { row.className = "up"; }
              row.insertCell().textContent = "Team " + t.team + (t.team === up ? " (up)" : "");
              row.insertCell().textContent = String(t.score);
              var cell = row.insertCell();
              s.players.filter(function (p) { return p.team === t.team; }).forEach(function (p, i) {
                if (i) { cell.appendChild(document.createTextNode(", ")); }
                cell.appendChild(link(p.name));
              });
            });
            box.appendChild(table);
            if (up !== null) {
              var line = document.createElement("p");
              line.id = "team-up";
              line.textContent = "Team " + up + " is up";
              box.appendChild(line);
            }
          }
          function describe(e) {
            switch (e.type) {
              case "guess":
                return e.player + (e.word ? " tried " + e.word : " guessed " + e.letter) +
                  (e.hit ? ": hit" + (e.count > 1 ? " \\u00d7" + e.count : "") : ": miss");
              case "chat": return e.from + ": " + e.text;
              case "round_over":
                return "Round " + e.round + " over: the word was " + e.word + (e.solver ? ", solved by " + e.solver : "");
              case "game_over":
                return "Game over: " + e.scores.map(function (p) { return p.name + " " + p.score; }).join(", ");
              case "joined": return e.spectator ? null : e.player + " joined";
              case "left": return e.player + " left";
              case "game_started": return "A new game starts";
              default: return null;
            }
          }
          function log(line) {
            var list = $("log");
            if (!list) { return; }
            var item = document.createElement("li");
            item.textContent = line;
            list.insertBefore(item, list.firstChild);
            while (list.children.length > 30) { list.removeChild(list.lastChild); }
          }
          function onEvent(e) {
            if (e.type === "state") { showState(e); return; }
            var line = describe(e);
            if (line) { log(line); }
          }
          if (body.dataset.stream && window.EventSource) {
            var source = new EventSource(body.dataset.stream);
            var each = function (data, handle) {
              data.split("\\n").forEach(function (line) {
                if (!line) { return; }
                try { handle(JSON.parse(line)); } catch (error) { /* not JSON: ignored */ }
              });
            };
            source.onmessage = function (message) { each(message.data, onEvent); };
            // What the room kept, first on every (re)connection: it replaces the log.
            source.addEventListener("history", function (message) {
              var list = $("log");
              if (!list) { return; }
              while (list.firstChild) { list.removeChild(list.firstChild); }
              each(message.data, function (e) { var line = describe(e); if (line) { log(line); } });
            });
          }
          function replaceLive(html) {
            var fresh = html && new DOMParser().parseFromString(html, "text/html").getElementById("live");
            var live = $("live");
            if (fresh && live) { live.parentNode.replaceChild(fresh, live); }
          }
          function refresh(then) {
            fetch(body.dataset.refresh, { cache: "no-store" }).then(function (response) {
              return response.ok ? response.text() : null;
            }).then(function (html) {
              replaceLive(html);
              if (then) { then(); }
            }).catch(function () { if (then) { then(); } });
          }
          // The front page and the projector: live through their stream; polling only without one.
          var streamed = !!(body.dataset.live && window.EventSource && window.DOMParser);
          var polled = !streamed && !!(body.dataset.refresh && window.fetch && window.DOMParser);
          var big = body.classList.contains("big");
          var index = 0;
          function mark() {
            var slides = document.querySelectorAll(".slide");
            if (index >= slides.length) { index = 0; }
            Array.prototype.forEach.call(slides, function (slide, i) { slide.classList.toggle("shown", i === index); });
          }
          function advance() { index += 1; mark(); }
          if (streamed) {
            var lobby = new EventSource(body.dataset.live);
            lobby.addEventListener("live", function (message) {
              replaceLive(message.data);
              if (big) { mark(); }
            });
          }
          if (big && (streamed || polled)) {
            body.classList.add("cycling");
            mark();
            setInterval(function () { if (streamed) { advance(); } else { refresh(advance); } }, \(slideMilliseconds));
          } else if (polled) {
            setInterval(function () { refresh(null); }, \(refreshMilliseconds));
          }
        })();

        """.utf8)
}
