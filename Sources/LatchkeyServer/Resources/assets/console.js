// The console's only script: confirmation before destructive forms, the dashboard's figures
// refreshed every 15 seconds from /console/figures, and an email template's live preview (the
// pages work without it).
"use strict";

document.querySelectorAll("form[data-confirm]").forEach(function (form) {
  form.addEventListener("submit", function (event) {
    if (!window.confirm(form.getAttribute("data-confirm"))) event.preventDefault();
  });
});

(function () {
  var section = document.querySelector("[data-figures-url]");
  var chart = document.getElementById("chart");
  if (!section || !chart) return;
  var url = section.getAttribute("data-figures-url");
  var svg = "http://www.w3.org/2000/svg";

  function draw(perMinute) {
    var width = chart.viewBox.baseVal.width, height = chart.viewBox.baseVal.height;
    var peak = Math.max(1, Math.max.apply(null, perMinute));
    var slot = Math.floor(width / Math.max(1, perMinute.length));
    while (chart.firstChild) chart.removeChild(chart.firstChild);
    perMinute.forEach(function (count, index) {
      var bar = document.createElementNS(svg, "rect");
      var barHeight = Math.floor(count * (height - 10) / peak);
      bar.setAttribute("x", index * slot + 1);
      bar.setAttribute("y", height - barHeight);
      bar.setAttribute("width", slot - 2);
      bar.setAttribute("height", barHeight);
      var title = document.createElementNS(svg, "title");
      title.textContent = String(count);
      bar.appendChild(title);
      chart.appendChild(bar);
    });
  }

  function refresh() {
    fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (figures) {
        if (!figures) return;
        var perMinute = figures.signInsPerMinute || [];
        document.getElementById("figure-sign-ins").textContent = String(perMinute[perMinute.length - 1] || 0);
        document.getElementById("figure-active").textContent = String(figures.activeSessions);
        document.getElementById("figure-failed").textContent = String(figures.failedSignIns);
        document.getElementById("figures-updated").textContent = String(figures.at);
        draw(perMinute);
      })
      .catch(function () {});
  }

  window.setInterval(refresh, 15000);
})();

// An email template's preview follows its edits: the form is posted to the preview frame half a
// second after the last keystroke (the Preview button does the same without this script).
(function () {
  var form = document.querySelector("form[data-live-preview]");
  var button = document.getElementById("preview-template");
  if (!form || !button || !form.requestSubmit) return;
  var timer = null;
  function preview() { form.requestSubmit(button); }
  form.addEventListener("input", function () {
    window.clearTimeout(timer);
    timer = window.setTimeout(preview, 500);
  });
  preview();
})();
