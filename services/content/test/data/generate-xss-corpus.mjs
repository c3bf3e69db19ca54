/**
 * Writes xss-vectors.json: the sanitizer's attack corpus (services/content/test/sanitize.test.ts,
 * infra/e2e/articles-xss.spec.ts), written for this project from the published classes of HTML
 * sanitizer evasions (script and event-handler injection, URL-scheme obfuscation, CSS, mutation
 * XSS through foreign content and raw-text elements, DOM clobbering, SVG animation, Markdown link
 * syntax). Every payload reports itself in a way the browser test can see: a dialog (alert,
 * confirm, prompt), a request to a path containing "xss", or a navigation.
 *   node services/content/test/data/generate-xss-corpus.mjs
 */
import { writeFile } from 'node:fs/promises'

const payloads = ['alert(1)', 'alert`1`', "fetch('/xss-fetch')", "location='/xss-nav'", "top['al'+'ert'](1)", 'confirm(1)', "(new Image).src='/xss-img'", 'prompt(1)']
const js = payloads
const out = new Set()
const add = (v) => out.add(v)

// 1. script elements and broken-up script tags
for (const p of js) {
  add(`<script>${p}</script>`)
  add(`<SCRIPT>${p}</SCRIPT>`)
  add(`<ScRiPt>${p}</sCrIpT>`)
  add(`<script type="text/javascript">${p}</script>`)
  add(`<script>/*<![CDATA[*/${p}/*]]>*/</script>`)
  add(`<<script>${p};//<</script>`)
  add(`<scr<script>ipt>${p}</scr</script>ipt>`)
  add(`<script\n>${p}</script\n>`)
}
add('<script src=/xss-script.js></script>')
add('<SCRIPT SRC=//127.0.0.1/xss-script.js></SCRIPT>')
add('<script/src=data:,alert(1)></script>')
add('<script src="data:text/javascript,alert(1)"></script>')
add('<script>eval(atob("YWxlcnQoMSk="))</script>')
add('<script\x20type="text/javascript">alert(1)</script>')

// 2. event handlers on many elements
const handlerTags = [
  ['img', 'src=x', 'onerror'], ['image', 'src=x', 'onerror'], ['video', 'src=x', 'onerror'], ['audio', 'src=x', 'onerror'],
  ['video', '', 'onloadstart'], ['source', 'src=x', 'onerror'], ['input', 'type=image src=x', 'onerror'], ['object', 'data=x', 'onerror'],
  ['svg', '', 'onload'], ['body', '', 'onload'], ['iframe', '', 'onload'], ['style', '', 'onload'], ['link', 'rel=stylesheet href=x', 'onerror'],
  ['details', 'open', 'ontoggle'], ['input', 'autofocus', 'onfocus'], ['select', 'autofocus', 'onfocus'], ['textarea', 'autofocus', 'onfocus'],
  ['keygen', 'autofocus', 'onfocus'], ['button', 'autofocus', 'onfocus'], ['div', 'tabindex=1 autofocus', 'onfocus'], ['a', 'href=# autofocus', 'onfocus'],
  ['marquee', '', 'onstart'], ['div', 'style="animation-name:spin;animation-duration:1s"', 'onanimationstart'], ['body', '', 'onpageshow'],
  ['frameset', '', 'onload'], ['table', 'background=x', 'onerror'], ['svg', '', 'onbegin'], ['p', '', 'onmouseover'], ['span', '', 'onclick'],
  ['div', '', 'onpointerenter'], ['x', 'contenteditable', 'onfocus'], ['form', '', 'onsubmit'], ['img', 'src=x', 'onload'], ['body', '', 'onhashchange'],
]
for (const [tag, attrs, event] of handlerTags) {
  for (const p of js.slice(0, 5)) add(`<${tag}${attrs ? ` ${attrs}` : ''} ${event}=${p.includes(' ') || p.includes("'") ? `"${p}"` : p}>${['img', 'input', 'source', 'link', 'keygen', 'image'].includes(tag) ? '' : `x</${tag}>`}`)
}

// 3. attribute separators and quoting that naive filters miss
const separators = ['/', '\t', '\n', '\r', '\f', ' /', '/ ', '//']
for (const sep of separators) {
  add(`<img${sep}src=x${sep}onerror=alert(1)>`)
  add(`<svg${sep}onload=alert(1)>`)
}
add('<img src=x onerror\t=alert(1)>')
add('<img src=x onerror\n=\nalert(1)>')
add('<img src=`x`onerror=alert(1)>')
add('<img src="x"onerror="alert(1)">')
add("<img src='x'onerror='alert(1)'>")
add('<img """><script>alert(1)</script>">')
add('<img src=x:alert(alt) onerror=eval(src) alt=0>')
add('<img src="x` `<script>alert(1)</script>"` `>')
add('<img src onerror=alert(1)>')
add('<img src=x onerror=&#97;&#108;&#101;&#114;&#116;&#40;&#49;&#41;>')
add('<img src=x onerror="&#x61;&#x6C;&#x65;&#x72;&#x74;&#x28;&#x31;&#x29;">')
add('<img src=x onerror="\\u0061lert(1)">')
add('<img src=x oNeRrOr=alert(1)>')
add('<IMG SRC=x ONERROR=alert(1)>')
add('<img src=x onerror=alert(1)//')
add('<img src=x onerror=alert(1) <')
add('<img\x00src=x onerror=alert(1)>')
add('<img src=x onerror=window["al"+"ert"](1)>')
add('<img src=x onerror=this.onerror=null;alert(1)>')

// 4. dangerous URL schemes, obfuscated, in every URL-carrying attribute
const schemes = [
  'javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', '\tjavascript:alert(1)', 'java\tscript:alert(1)', 'java\nscript:alert(1)',
  'java&#x09;script:alert(1)', 'java&#x0A;script:alert(1)', 'java&#x0D;script:alert(1)', '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)',
  '&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)', '&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)',
  'javascript&colon;alert(1)', 'javascript&#58;alert(1)', 'jav&#x61;script:alert(1)', '&#14; javascript:alert(1)', 'javascript://%0aalert(1)',
  "javascript:fetch('/xss-fetch')", "javascript:location='/xss-nav'", 'data:text/html,<script>alert(1)</script>', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'DATA:text/html,<script>alert(1)</script>', 'data:image/svg+xml,<svg onload=alert(1)>', 'vbscript:msgbox(1)', 'livescript:alert(1)', 'jar:javascript:alert(1)',
]
const urlSinks = [
  (u) => `<a href="${u}">click me</a>`, (u) => `<a href='${u}'>click me</a>`, (u) => `<a href=${u.replace(/ /g, '%20')}>click me</a>`,
  (u) => `<iframe src="${u}"></iframe>`, (u) => `<img src="${u}">`, (u) => `<form action="${u}"><button>go</button></form>`,
  (u) => `<button formaction="${u}">go</button>`, (u) => `<object data="${u}"></object>`, (u) => `<embed src="${u}">`,
  (u) => `<math href="${u}">click</math>`, (u) => `<svg><a xlink:href="${u}"><text x="20" y="20">click</text></a></svg>`,
  (u) => `<area href="${u}">`, (u) => `<input type="image" src="${u}">`, (u) => `<link rel="import" href="${u}">`, (u) => `<base href="${u}">`,
  (u) => `<meta http-equiv="refresh" content="0;url=${u}">`, (u) => `<frameset><frame src="${u}"></frameset>`, (u) => `<isindex action="${u}" type=image>`,
]
for (const scheme of schemes) for (const sink of urlSinks.slice(0, scheme.startsWith('j') || scheme.startsWith('J') || scheme.startsWith('d') ? urlSinks.length : 4)) add(sink(scheme))

// 5. CSS
for (const v of [
  '<div style="background:url(javascript:alert(1))">x</div>', '<div style="width:expression(alert(1))">x</div>', '<div style="behavior:url(/xss.htc)">x</div>',
  '<div style="-moz-binding:url(/xss.xml#x)">x</div>', "<style>@import 'javascript:alert(1)';</style>", '<style>body{background:url("javascript:alert(1)")}</style>',
  '<style>*{x:expression(alert(1))}</style>', '<link rel="stylesheet" href="javascript:alert(1)">', '<style>@keyframes x{}</style><div style="animation-name:x" onanimationstart="alert(1)"></div>',
  '<p style="background-image:url(&#106;avascript:alert(1))">x</p>', '<div style="background:url(/xss-css)">x</div>', '<style>li{list-style-image:url("/xss-css")}</style><ul><li>x</li></ul>',
  '<img style="x:ex/**/pression(alert(1))">', '<div style="x:\\65 xpression(alert(1))">x</div>', '<style>\\40import "/xss-css";</style>',
]) add(v)

// 6. mutation XSS: raw-text elements, foreign content, comments, namespace confusion
const mxss = [
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=alert(1)&gt;">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>', '<svg><style><img src=x onerror=alert(1)></style></svg>',
  '<math><style><img src=x onerror=alert(1)></style></math>', '<template><script>alert(1)</script></template>', '<template><img src=x onerror=alert(1)></template>',
  '<xmp><img src=x onerror=alert(1)></xmp>', '<noembed><img src=x onerror=alert(1)></noembed>', '<noframes><img src=x onerror=alert(1)></noframes>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>', '<iframe srcdoc="&lt;img src=x onerror=alert(1)&gt;"></iframe>', '<!--><img src=x onerror=alert(1)>-->',
  '<!-- --!><img src=x onerror=alert(1)>-->', '<![CDATA[><img src=x onerror=alert(1)>]]>', '<?xml version="1.0"?><img src=x onerror=alert(1)>',
  '<svg><![CDATA[><image xlink:href="]]><img src=x onerror=alert(1)//"></svg>', '<title><img src=x onerror=alert(1)></title>', '<textarea><img src=x onerror=alert(1)></textarea>',
  '<plaintext><img src=x onerror=alert(1)>', '<select><template><img src=x onerror=alert(1)></template></select>', '<table><td><svg><foreignObject><img src=x onerror=alert(1)>',
  '<svg><foreignObject><iframe srcdoc="<script>alert(1)</script>"></iframe></foreignObject></svg>', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<svg><desc><img src=x onerror=alert(1)></desc></svg>', '<svg><title><img src=x onerror=alert(1)></title></svg>', '<a href="&#14;javascript:alert(1)">x</a>',
  '<style><style/><img src=x onerror=alert(1)>', '<style></style\n><img src=x onerror=alert(1)>', '<script></script\n><img src=x onerror=alert(1)>',
  '<svg><script>alert(1)</script></svg>', '<svg><script href="data:,alert(1)"/></svg>', '<svg><script xlink:href="data:,alert(1)"></script></svg>',
  '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>', '<div id="x"><p title="</div><img src=x onerror=alert(1)>">',
  '<p title="</p><script>alert(1)</script>">x</p>', '<a title="<img src=x onerror=alert(1)>">x</a>', '<img alt="<script>alert(1)</script>" src=/x>',
  '<a href="/ok" title="&quot;><script>alert(1)</script>">x</a>', '<img src="/ok.png" alt="&quot; onerror=&quot;alert(1)">',
  '<svg><a><animate attributeName=href values=javascript:alert(1) /><text x=20 y=20>click</text></a></svg>', '<svg><set attributeName=onmouseover to=alert(1) /></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>', '<svg><animate xlink:href=#x attributeName=href values=javascript:alert(1) /><a id=x><text x=20 y=20>X</text></a></svg>',
  '<svg><use href="data:image/svg+xml,<svg id=x xmlns=http://www.w3.org/2000/svg><image href=1 onerror=alert(1) /></svg>#x"></use></svg>',
  '<svg><handler xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load">alert(1)</handler></svg>', '<div><![CDATA[</div><script>alert(1)</script>]]>',
  '<a href="javas&#99;ript:alert(1)">x</a>', '<a href="javascript\\:alert(1)">x</a>', '<a href="%6A%61%76%61%73%63%72%69%70%74:alert(1)">x</a>',
]
for (const v of mxss) add(v)

// 7. DOM clobbering and document-level elements (must not survive with id/name)
for (const v of [
  '<form name="body"><input name="cookie"></form>', '<img name="getElementById">', '<a id="location" href="/xss-nav">x</a>', '<form id="__proto__"></form>',
  '<input id="attributes"><input id="attributes">', '<embed name="alert">', '<object id="defaultView"></object>', '<base href="/xss-base/">',
  '<meta http-equiv="set-cookie" content="x=1">', '<meta charset="x-imap4-modified-utf7">&ADz&AGn&AG0&AEf&ACA&AHM&AHI&AGO&AD0&AGn&ACA&AG8Abg&AGUAcgByAG8AcgA9AGEAbABlAHIAdAAoADEAKQ&ACAAPABi',
  '<html><head><script>alert(1)</script></head></html>', '<body background="javascript:alert(1)">', '<bgsound src="javascript:alert(1)">', '<portal src="/xss-portal"></portal>',
]) add(v)

// 8. Markdown link and image syntax (the local articles are Markdown)
const mdTargets = ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'javascript&#58;alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', "javascript:fetch('/xss-fetch')", ' javascript:alert(1)', '<javascript:alert(1)>', 'javascript:alert%281%29']
for (const t of mdTargets) {
  add(`[click me](${t})`)
  add(`![image](${t})`)
  add(`[click me](${t} "title")`)
  add(`[click me][ref]\n\n[ref]: ${t}`)
  add(`[![nested](/x.png)](${t})`)
}
add('<javascript:alert(1)>')
add('[a](javascript://%0Aalert(1))')
add('[a](jav\tascript:alert(1))')
add('[a](&#x6A;avascript:alert(1))')
add('[a]( javascript:alert(1))')
add('[a](javascript:alert`1`)')
add('[a](#"onmouseover="alert(1))')
add('![a"onerror="alert(1)](x)')
add('![a](x"onerror="alert(1))')
add('`<script>alert(1)</script>`')
add('```html\n<script>alert(1)</script>\n```')
add('<div markdown="1">[x](javascript:alert(1))</div>')
add('> <img src=x onerror=alert(1)>')
add('- <svg onload=alert(1)>')
add('| a |\n|---|\n| <img src=x onerror=alert(1)> |')
add('# <img src=x onerror=alert(1)>')
add('**<img src=x onerror=alert(1)>**')
add('Text with an HTML comment <!-- <script>alert(1)</script> -->')

// 9. event handler attribute names in odd forms and less common events
for (const ev of ['onauxclick', 'onbeforecopy', 'onbeforeinput', 'oncontextmenu', 'ondblclick', 'ondrag', 'onfocusin', 'oninput', 'onkeydown', 'onmouseenter', 'onpaste', 'onpointerdown', 'onscroll', 'onselectstart', 'ontransitionend', 'onwheel', 'oncopy', 'oncut', 'onblur', 'onchange', 'onmousemove', 'onmouseleave', 'ontouchstart', 'onbeforetoggle', 'onscrollend', 'oncontentvisibilityautostatechange']) {
  add(`<div ${ev}="alert(1)" style="display:block">x</div>`)
  add(`<p ${ev.toUpperCase()}=alert(1)>x</p>`)
}

const list = [...out]
if (list.length < 500) throw new Error(`only ${list.length} vectors`)
await writeFile(new URL('./xss-vectors.json', import.meta.url), JSON.stringify({ description: 'XSS vectors for the article sanitizer; see generate-xss-corpus.mjs', vectors: list }, null, 1) + '\n')
console.log(`${list.length} vectors`)
