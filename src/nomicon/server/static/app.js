// Nomicon's pages work without scripts; this adds live updates, charts and confirmations.
(function () {
  "use strict";

  function announce(text) {
    var status = document.getElementById("live-status");
    if (status) { status.textContent = text; }
  }

  // -- charts (plotly.js, loaded on demand from the server) ------------------------
  var plotly = null;
  function loadPlotly() {
    if (!plotly) {
      plotly = new Promise(function (resolve, reject) {
        var script = document.createElement("script");
        script.src = "/vendor/plotly.min.js";
        script.onload = function () { resolve(window.Plotly); };
        script.onerror = reject;
        document.head.appendChild(script);
      });
    }
    return plotly;
  }
  function drawCharts(root) {
    root.querySelectorAll("[data-charts]").forEach(function (box) {
      var source = document.getElementById(box.getAttribute("data-charts"));
      if (!source) { return; }
      var figures = JSON.parse(source.textContent);
      loadPlotly().then(function (Plotly) {
        box.textContent = "";
        figures.forEach(function (entry) {
          var div = document.createElement("div");
          div.className = "chart";
          div.setAttribute("role", "img");
          div.setAttribute("aria-label", "Chart of " + entry.measure + " for each player over time; the table below has the same numbers");
          box.appendChild(div);
          Plotly.newPlot(div, entry.figure.data, entry.figure.layout, {responsive: true, displaylogo: false});
        });
      });
    });
  }

  // -- confirmations ---------------------------------------------------------------
  document.addEventListener("submit", function (event) {
    var button = event.submitter;
    var ask = button && button.getAttribute("data-confirm");
    if (ask && !window.confirm(ask)) { event.preventDefault(); }
  });

  // -- the board's squares: a click on a square or a thing in the drawing shows its
  // entry in the list below it (which without scripts is read as a plain list) ---------
  document.addEventListener("click", function (event) {
    var hit = event.target.closest && event.target.closest("svg.board g.entity, svg.board g.space");
    if (!hit) { return; }
    var entity = hit.getAttribute("data-entity");
    var entry = entity ? document.getElementById("thing-" + entity)
      : document.getElementById("square-" + hit.getAttribute("data-space"));
    if (!entry) { return; }
    document.querySelectorAll(".chosen").forEach(function (old) { old.classList.remove("chosen"); });
    entry.classList.add("chosen");
    var orders = entry.querySelectorAll("details.orders");
    orders.forEach(function (details) { details.open = true; });
    entry.scrollIntoView({block: "nearest"});
    var first = entry.querySelector("details.orders summary") || entry.querySelector("h3");
    if (first) { first.setAttribute("tabindex", "-1"); first.focus({preventScroll: true}); }
  });

  // -- live updates ------------------------------------------------------------------
  function isBusy(region) {
    var active = document.activeElement;
    if (active && region.contains(active) && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName)) { return true; }
    var fields = region.querySelectorAll("input:not([type=hidden]), textarea");
    for (var i = 0; i < fields.length; i++) {
      if (fields[i].value !== fields[i].defaultValue) { return true; }
    }
    return false;
  }

  function refresh(main) {
    return fetch(window.location.href, {headers: {"Accept": "text/html"}, credentials: "same-origin"})
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html === null) { return; }
        var fresh = new DOMParser().parseFromString(html, "text/html");
        var freshMain = fresh.getElementById("main");
        if (!freshMain) { return; }
        var changed = false;
        fresh.querySelectorAll("[data-region]").forEach(function (region) {
          var old = document.getElementById(region.id);
          if (!old || old.innerHTML === region.innerHTML) { return; }
          if (isBusy(old)) {
            old.classList.add("stale");
            if (!old.querySelector(".stale-note")) {
              var note = document.createElement("p");
              note.className = "stale-note";
              note.textContent = "The game has changed since you started typing; reload to see it.";
              old.insertBefore(note, old.firstChild);
            }
            return;
          }
          old.replaceWith(document.importNode(region, true));
          changed = true;
        });
        var nav = fresh.querySelector("nav.game");
        var oldNav = document.querySelector("nav.game");
        if (nav && oldNav && nav.innerHTML !== oldNav.innerHTML) { oldNav.replaceWith(document.importNode(nav, true)); }
        main.setAttribute("data-head", freshMain.getAttribute("data-head"));
        if (changed) {
          drawCharts(document);
          announce("The game has changed.");
        }
      });
  }

  function follow(main) {
    if (!window.EventSource) { return; }
    var source = new EventSource(main.getAttribute("data-live"));
    var busy = false, again = false;
    source.addEventListener("head", function (event) {
      var head = JSON.parse(event.data).head;
      if (String(head) === main.getAttribute("data-head")) { return; }
      if (busy) { again = true; return; }
      busy = true;
      refresh(main).finally(function () {
        busy = false;
        if (again) { again = false; refresh(main); }
      });
    });
    source.addEventListener("gone", function () { source.close(); });
    // Signed out, or no longer a member: the server ended the stream; do not reconnect.
    source.addEventListener("ended", function () { source.close(); });
  }

  // -- deadlines: a countdown beside each, from the game's clock when the page came --
  function left(ms) {
    if (ms <= 0) { return "due now"; }
    var s = Math.floor(ms / 1000), d = Math.floor(s / 86400), h = Math.floor(s / 3600) % 24,
        m = Math.floor(s / 60) % 60;
    var parts = d ? [d + " d", h + " h"] : h ? [h + " h", m + " min"] : [m + " min", (s % 60) + " s"];
    return "in " + parts.join(" ");
  }
  function countDown() {
    document.querySelectorAll("[data-now]").forEach(function (box) {
      // A region a live update replaced comes with a clock of its own.
      if (!box.dataset.loaded) { box.dataset.loaded = String(Date.now()); }
      var now = Date.parse(box.getAttribute("data-now")) + (Date.now() - Number(box.dataset.loaded));
      box.querySelectorAll("[data-due]").forEach(function (span) {
        span.textContent = "(" + left(Date.parse(span.getAttribute("data-due")) - now) + ")";
      });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    countDown();
    setInterval(countDown, 1000);
    drawCharts(document);
    var main = document.querySelector("main[data-live]");
    if (main) { follow(main); }
  });
})();
