// nvlower explorer: the page talks only to the local server that served it.
"use strict";
const $ = (id) => document.getElementById(id);
let examples = [];
let job = null;

async function api(path, body) {
  const r = await fetch(path, body === undefined ? {} :
    {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  const j = await r.json();
  if (!r.ok) throw new Error(j.message || r.statusText);
  return j;
}

function options() {
  return {arch: $("arch").value, ftz: $("ftz").checked, precDiv: $("precDiv").value,
          precSqrt: $("precSqrt").value, fma: $("fma").value};
}

// ---------------------------------------------------------------- the input editor
function escapeHtml(s) {
  return s.replace(/[&<>]/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;"}[c]));
}

function showError(err) {
  const text = $("text").value;
  if (!err) {
    $("error").hidden = true;
    $("backdrop").innerHTML = "";
    return;
  }
  $("error").hidden = false;
  $("error").textContent = err.message;
  if (err.line > 0) {
    const lines = text.split("\n");
    const html = lines.map((l, i) => i + 1 === err.line
      ? "<mark class=\"errline\">" + (escapeHtml(l) || " ") + "</mark>" : escapeHtml(l)).join("\n");
    $("backdrop").innerHTML = html + "\n";
    const lh = parseFloat(getComputedStyle($("text")).lineHeight) || 17;
    $("text").scrollTop = Math.max(0, (err.line - 5) * lh);
  } else {
    $("backdrop").innerHTML = "";
  }
}

$("text").addEventListener("scroll", () => {
  $("backdrop").scrollTop = $("text").scrollTop;
  $("backdrop").scrollLeft = $("text").scrollLeft;
});
$("text").addEventListener("input", () => { $("backdrop").innerHTML = ""; });
$("text").addEventListener("keydown", (e) => { if (e.ctrlKey && e.key === "Enter") lower(); });

// ---------------------------------------------------------------- stages and line mapping
// A line's keys: the value or function it defines (LLVM IR, MLIR), or the register a PTX math
// instruction (and its template's header) writes. Hovering a line lights every line with a key in common.
function keysOf(line) {
  const keys = [];
  let m = line.match(/^\s*(%[\w.$-]+)(?:\s*,\s*%[\w.$-]+)*\s*=/);
  if (m) keys.push(m[1]);
  m = line.match(/^\s*(?:define|declare)\b.*?(@[\w.$-]+)\(/);
  if (m) keys.push(m[1]);
  m = line.match(/^\s*(?:func\.func|llvm\.func)\s+(?:\w+\s+)?(@[\w.$-]+)/);
  if (m) keys.push(m[1]);
  m = line.match(/^\s*\/\/\s*([a-z][\w.]*)\s+(%[\w]+)\b.*->/);
  if (m) keys.push("ptx:" + m[2]);
  m = line.match(/^\s*(div|rcp|sqrt|rsqrt|rem|ex2|lg2|sin|cos)\.[\w.]+\s+(%[\w]+)\s*,/);
  if (m) keys.push("ptx:" + m[2]);
  m = line.match(/^\s*\.(?:visible\s+|weak\s+)?\.?(?:entry|func)\s+(?:\([^)]*\)\s*)?([\w$]+)/);
  if (m) keys.push("@" + m[1]);
  return keys;
}

function renderStage(stage) {
  const pane = document.createElement("section");
  pane.className = "pane stage";
  pane.dataset.stage = stage.name;
  const h = document.createElement("h2");
  h.textContent = stage.name + " ";
  const s = document.createElement("span");
  s.className = "summary";
  s.textContent = stage.summary || "";
  h.appendChild(s);
  pane.appendChild(h);
  if (stage.skipped) {
    const d = document.createElement("div");
    d.className = "skipped";
    d.textContent = stage.skipped;
    pane.appendChild(d);
    return pane;
  }
  const pre = document.createElement("pre");
  let slow = false;
  for (const line of stage.text.split("\n")) {
    const div = document.createElement("div");
    div.className = "l";
    div.textContent = line;
    if (stage.kind === "sass") {
      if (/^\.L_\w*slowpath\w*:/.test(line)) slow = true;
      else if (/^\s*\/\/ /.test(line) || /^\S/.test(line) && !/^\.L_/.test(line)) slow = false;
      if (/^\s*\/\*[0-9a-f]{4,}\*\//.test(line)) div.classList.add(slow ? "slow" : "fast");
      if (/^\s*\/\/ .*->/.test(line)) div.classList.add("head");
    }
    const keys = keysOf(line);
    if (keys.length) div.dataset.keys = keys.join(" ");
    pre.appendChild(div);
  }
  pane.appendChild(pre);
  return pane;
}

document.addEventListener("mouseover", (e) => {
  const line = e.target.closest && e.target.closest(".l");
  document.querySelectorAll(".l.hl").forEach((d) => d.classList.remove("hl"));
  if (!line || !line.dataset.keys) return;
  for (const k of line.dataset.keys.split(" ")) {
    document.querySelectorAll(".l[data-keys]").forEach((d) => {
      if (d.dataset.keys.split(" ").includes(k)) d.classList.add("hl");
    });
  }
});

async function lower() {
  $("status").textContent = "lowering...";
  try {
    const r = await api("/api/lower", {lang: $("lang").value, text: $("text").value, options: options()});
    showError(r.error);
    const stages = $("stages");
    stages.innerHTML = "";
    r.stages.forEach((st) => stages.appendChild(renderStage(st)));
    $("status").textContent = r.lang + (r.error ? ", error" : ", " + r.stages.length + " stage(s)")
      + " in " + r.millis + " ms";
  } catch (e) {
    $("status").textContent = e.message;
  }
}

// ---------------------------------------------------------------- verify
function histogram(h) {
  if (!h || !h.length) return "";
  const w = 360, bh = 120, bw = Math.max(8, Math.floor(w / h.length) - 2);
  const max = Math.max(...h.map((b) => b.count));
  let svg = `<svg width="${w + 40}" height="${bh + 40}" role="img" aria-label="ulp error histogram">`;
  h.forEach((b, i) => {
    const y = Math.round(bh * b.count / max);
    const x = 30 + i * (bw + 2);
    svg += `<rect x="${x}" y="${10 + bh - y}" width="${bw}" height="${y}"><title>${b.label}: ${b.count}</title></rect>`;
    svg += `<text x="${x}" y="${bh + 24}">${b.label}</text>`;
  });
  svg += `<text x="0" y="10">${max}</text><text x="${w - 80}" y="${bh + 38}">ulp error</text></svg>`;
  return svg;
}

async function poll() {
  if (!job) return;
  const r = await api("/api/verify/" + job);
  $("progress").max = r.total || 1;
  $("progress").value = r.done;
  $("vsummary").textContent = `${r.state}: ${r.done.toLocaleString()} of ${r.total.toLocaleString()} cases, `
    + `${r.mismatches} mismatch(es)`;
  if (r.state === "running") { setTimeout(poll, 250); return; }
  $("verify").disabled = false;
  $("cancel").disabled = true;
  $("vresult").innerHTML = histogram(r.histogram) + "<pre></pre>";
  $("vresult").querySelector("pre").textContent = r.report || "";
  job = null;
}

$("verify").addEventListener("click", async () => {
  $("vresult").innerHTML = "";
  try {
    const r = await api("/api/verify", {op: $("op").value, cases: $("cases").value, n: Number($("n").value),
                                       mufu: $("mufu").value, gpu: $("gpu").checked});
    job = r.id;
    $("verify").disabled = true;
    $("cancel").disabled = false;
    poll();
  } catch (e) {
    $("vsummary").textContent = e.message;
  }
});
$("cancel").addEventListener("click", () => { if (job) fetch("/api/verify/" + job, {method: "DELETE"}); });

// ---------------------------------------------------------------- start
$("run").addEventListener("click", lower);
$("theme").addEventListener("click", () => {
  const t = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
  document.documentElement.dataset.theme = t;
  localStorage.setItem("nvlower-theme", t);
});
$("example").addEventListener("change", () => {
  const ex = examples[$("example").selectedIndex];
  $("text").value = ex.text;
  $("lang").value = ex.lang;
  lower();
});
$("open").addEventListener("change", async () => {
  const f = $("open").files[0];
  if (!f) return;
  $("text").value = await f.text();
  $("lang").value = f.name.endsWith(".mlir") ? "mlir" : f.name.endsWith(".ptx") ? "ptx" : "auto";
  lower();
});

(async function start() {
  const saved = localStorage.getItem("nvlower-theme");
  if (saved) document.documentElement.dataset.theme = saved;
  const o = await api("/api/options");
  examples = o.examples;
  for (const ex of examples) $("example").add(new Option(ex.name));
  for (const a of o.archs) $("arch").add(new Option(a, a, a === o.defaultArch, a === o.defaultArch));
  const group = (label, names) => {
    const g = document.createElement("optgroup");
    g.label = label;
    for (const n of names) g.appendChild(new Option(n));
    $("op").appendChild(g);
  };
  group("SASS templates (emulator)", o.templates);
  group("fp128/i128 runtime bodies (interpreter)", o.runtime);
  if (o.initial) {
    $("text").value = o.initial.text;
    $("lang").value = o.initial.lang;
  } else if (examples.length) {
    $("text").value = examples[0].text;
    $("lang").value = examples[0].lang;
  }
  lower();
})();
