// The hosted login pages: a page answered with errors moves focus to its error summary, so a
// screen reader reads the problems first and the keyboard starts from their links.
const summary = document.getElementById("error-summary");
if (summary) { summary.focus(); }
