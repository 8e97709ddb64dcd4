// The page's words in English, French or Polish: the catalogue comes with the protocol's info answer.
"use strict";
const LANGS = ["en", "fr", "pl"];
let LANG = "en", STR = {}, COMP = null, INFO = null;

// t("Seat {n}", {n: 2}): the message in the page's language, its {fields} filled in
function t(msgid, params) {
  const text = STR[msgid] || msgid;
  return params ? text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? params[k] : m)) : text;
}
// a name in a context (building, resource, commodity, good, hex, bonus card, vp source)
function tp(context, msgid, params) {
  const text = STR[context + "\u0004" + msgid] || msgid;
  return params ? text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? params[k] : m)) : text;
}

function pickLanguage() {
  const saved = localStorage.getItem("ragusa.lang");
  if (LANGS.includes(saved)) return saved;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const code = String(l).toLowerCase().split("-")[0];
    if (LANGS.includes(code)) return code;
  }
  return "en";
}

async function loadLanguage(lang) {
  const r = await send({ op: "info", lang }, true);
  if (!r.ok) return;
  INFO = r; STR = r.strings || {}; COMP = r.components; LANG = lang;
  document.documentElement.lang = lang;
}

function languageSwitch() {
  const langs = (INFO && INFO.languages) || LANGS.map(code => ({ code, name: code }));
  return `<label class="lang">${esc(t("Language"))} <select id="lang">${langs.map(l => `<option value="${l.code}" ${l.code === LANG ? "selected" : ""}>${esc(l.name)}</option>`).join("")}</select></label>`;
}

// names of the game's things, from the catalogue and the component texts
const resName = r => tp("resource", r.replace("_", " "));
const comName = c => tp("commodity", c);
const goodName = g => tp("good", g);
const bName = id => (COMP && COMP.buildings[id] ? COMP.buildings[id].name : id);
function cardInfo(id, edition) {
  const c = COMP && COMP.cards[edition || "2nd"][id];
  return c || { name: id.replace(/^bonus-/, ""), text: "" };
}
