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

// tn("{n} step", "{n} steps", 3): the form that agrees with n in the page's language (the catalogue's
// Plural-Forms rule, kept under the empty msgid as gettext keeps it); {n} and the params filled in
function tn(singular, plural, n, params) {
  const forms = (STR[singular + "\u0000" + plural] || "").split("\u0000");
  const k = pluralIndex(n);
  const text = forms.length > 1 && forms[k] ? forms[k] : n === 1 ? singular : plural;
  return text.replace(/\{(\w+)\}/g, (m, key) => (key === "n" ? n : params && key in params ? params[key] : m));
}
let pluralRule = null;
function pluralIndex(n) {
  if (!pluralRule || pluralRule.header !== STR[""]) {
    const m = /plural=([^;\n]+)/.exec(STR[""] || "");
    const expr = m && /^[n\d\s%<>=!&|?:()]+$/.test(m[1]) ? m[1] : "n != 1";  // only the catalogue's arithmetic
    pluralRule = { header: STR[""], rule: new Function("n", `return +(${expr});`) };
  }
  return pluralRule.rule(n);
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

// a name in a context with a number that agrees with it: tnp("commodity", "{n} oil", "{n} oil", 2)
function tnp(context, singular, plural, n) {
  const key = context + "\u0004" + singular;
  const forms = (STR[key + "\u0000" + plural] || "").split("\u0000");
  const k = pluralIndex(n);
  return (forms.length > 1 && forms[k] ? forms[k] : singular).replace("{n}", n);
}
// "2 silver ore", "2 rudy srebra": an amount of a resource or commodity, its name agreeing with the number
const resAmount = (r, n) => tnp("resource", `{n} ${r.replace("_", " ")}`, `{n} ${r.replace("_", " ")}`, n);
const comAmount = (c, n) => tnp("commodity", `{n} ${c}`, `{n} ${c}`, n);

// names of the game's things, from the catalogue and the component texts
const resName = r => tp("resource", r.replace("_", " "));
const comName = c => tp("commodity", c);
const goodName = g => tp("good", g);
const bName = id => (COMP && COMP.buildings[id] ? COMP.buildings[id].name : id);
function cardInfo(id, edition) {
  const c = COMP && COMP.cards[edition || "2nd"][id];
  return c || { name: id.replace(/^bonus-/, ""), text: "" };
}
