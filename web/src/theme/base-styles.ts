/** The client's own stylesheet, adopted by every shadow root; it reads the theme only through --p-* properties. */
export const BASE_CSS = `
:host{display:block;position:relative;width:100%;height:600px;contain:content}
:host([full-page]){position:fixed;inset:0;width:auto;height:auto}
:host(parley-popup),:host(parley-bubble){display:block;position:static;width:0;height:0;contain:none}
*,*::before,*::after{box-sizing:border-box}
.parley{position:relative;display:flex;flex-direction:column;width:100%;height:100%;overflow:hidden;
 font-family:var(--p-font,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif);font-size:16px;line-height:1.5;
 background:var(--p-bg,#fff);color:var(--p-container-color,#303235);text-align:left}
.scroll{flex:1;overflow-y:auto;scroll-behavior:smooth;display:flex;flex-direction:column;align-items:center;padding:0 12px}
.container{width:100%;max-width:var(--p-container-max-w,800px);max-height:var(--p-container-max-h,none);display:flex;flex-direction:column;gap:8px;padding:20px 0 24px;
 background:var(--p-container-bg);color:var(--p-container-color);border:var(--p-container-border);border-radius:var(--p-container-radius,0);
 box-shadow:var(--p-container-shadow);backdrop-filter:var(--p-container-blur)}
.log{display:flex;flex-direction:column;gap:8px}
.row{display:flex;align-items:flex-end;gap:8px;max-width:100%;animation:p-in .2s ease-out}
.row.guest{justify-content:flex-end}
.avatar{flex:none;width:40px;height:40px;border-radius:50%;object-fit:cover}
.avatar-space{flex:none;width:40px}
.bubble{max-width:min(85%,560px);padding:8px 14px;overflow-wrap:anywhere;white-space:pre-wrap}
.bubble.host{background:var(--p-host-bg);color:var(--p-host-color);border:var(--p-host-border);border-radius:var(--p-host-radius,6px);
 box-shadow:var(--p-host-shadow);backdrop-filter:var(--p-host-blur)}
.bubble.guest{background:var(--p-guest-bg);color:var(--p-guest-color);border:var(--p-guest-border);border-radius:var(--p-guest-radius,6px);
 box-shadow:var(--p-guest-shadow);backdrop-filter:var(--p-guest-blur)}
.bubble.media{padding:0;background:none;border:none;box-shadow:none;width:100%}
.rich-text{white-space:normal}.rich-text p{margin:0;min-height:1.5em}.rich-text ul,.rich-text ol{margin:0;padding-left:1.4em}
.rich-text a{color:inherit;text-decoration:underline}
.media-image{display:block;max-width:100%;max-height:420px;border-radius:var(--p-host-radius,6px)}
.media-frame{display:block;width:100%;border:0;border-radius:var(--p-host-radius,6px);background:#000}
.media-frame.embed{background:transparent}
.widget{width:100%;min-height:360px;overflow:auto}
.media-video{display:block;width:100%;border-radius:var(--p-host-radius,6px)}
.media-audio{display:block;max-width:100%}
.typing{display:inline-flex;gap:4px;align-items:center;height:24px}
.typing span{width:7px;height:7px;border-radius:50%;background:currentColor;opacity:.4;animation:p-dot 1s infinite}
.typing span:nth-child(2){animation-delay:.15s}.typing span:nth-child(3){animation-delay:.3s}
@keyframes p-dot{0%,60%,100%{opacity:.3;transform:none}30%{opacity:.9;transform:translateY(-3px)}}
@keyframes p-in{from{opacity:0;transform:translateY(4px)}to{opacity:1;transform:none}}
@media (prefers-reduced-motion:reduce){.row,.typing span{animation:none}.scroll{scroll-behavior:auto}}
.input-row{display:flex;justify-content:flex-end;margin-top:4px}
.input-row:empty{display:none}
.field{display:flex;align-items:flex-end;gap:6px;width:min(100%,560px);padding:6px;background:var(--p-input-bg);color:var(--p-input-color);
 border:var(--p-input-border);border-radius:var(--p-input-radius,6px);box-shadow:var(--p-input-shadow,0 1px 3px rgb(0 0 0 / .08))}
.field.column{flex-direction:column;align-items:stretch}
input,textarea,select{font:inherit;color:inherit;background:transparent;border:0;outline:none;min-width:0}
.field input,.field textarea{flex:1;padding:6px 8px}
.field textarea{resize:vertical;min-height:80px}
.field select{padding:6px 4px;max-width:9em}
input::placeholder,textarea::placeholder{color:var(--p-input-placeholder)}
.field:focus-within{outline:2px solid var(--p-button-bg);outline-offset:1px}
button{font:inherit;cursor:pointer}
.btn{display:inline-flex;align-items:center;justify-content:center;gap:6px;padding:8px 16px;min-height:40px;background:var(--p-button-bg);color:var(--p-button-color);
 border:var(--p-button-border);border-radius:var(--p-button-radius,6px);box-shadow:var(--p-button-shadow);font-weight:600;transition:filter .15s,transform .1s}
.btn:hover{filter:brightness(1.08)}.btn:active{transform:scale(.98)}
.btn:disabled{opacity:.5;cursor:not-allowed}
.btn:focus-visible,.choice:focus-visible,.icon-btn:focus-visible{outline:2px solid var(--p-button-bg);outline-offset:2px}
.btn.secondary{background:transparent;color:var(--p-button-bg);border:1px solid var(--p-button-bg)}
.icon-btn{display:inline-flex;align-items:center;justify-content:center;width:36px;height:36px;padding:0;border:0;border-radius:50%;background:transparent;color:inherit}
.choices{display:flex;flex-wrap:wrap;justify-content:flex-end;gap:8px;max-width:min(100%,560px)}
.choice{padding:8px 14px;min-height:40px;background:var(--p-button-bg);color:var(--p-button-color);border:var(--p-button-border);border-radius:var(--p-button-radius,6px);box-shadow:var(--p-button-shadow)}
.choice[aria-pressed="true"]{box-shadow:0 0 0 3px var(--p-button-color) inset}
.choice.outline{background:transparent;color:var(--p-button-bg);border:1px solid var(--p-button-bg)}
.choice.outline[aria-pressed="true"]{background:var(--p-button-bg);color:var(--p-button-color)}
.stack{display:flex;flex-direction:column;align-items:flex-end;gap:8px;width:100%}
.search{width:min(100%,320px);padding:8px 10px;background:var(--p-input-bg);color:var(--p-input-color);border:var(--p-input-border);border-radius:var(--p-input-radius,6px);box-shadow:0 1px 3px rgb(0 0 0 / .08)}
.pictures{display:grid;grid-template-columns:repeat(auto-fill,minmax(140px,1fr));gap:8px;width:min(100%,560px)}
.picture{display:flex;flex-direction:column;gap:4px;padding:6px;text-align:left;background:var(--p-host-bg);color:var(--p-host-color);border:2px solid transparent;border-radius:var(--p-button-radius,6px)}
.picture img{width:100%;aspect-ratio:4/3;object-fit:cover;border-radius:4px}
.picture[aria-pressed="true"]{border-color:var(--p-button-bg)}
.picture .title{font-weight:600}.picture .description{font-size:.875em;opacity:.8}
.cards{display:flex;gap:10px;overflow-x:auto;width:100%;padding-bottom:6px;scroll-snap-type:x mandatory}
.card{flex:none;width:240px;display:flex;flex-direction:column;background:var(--p-host-bg);color:var(--p-host-color);border-radius:var(--p-host-radius,6px);overflow:hidden;scroll-snap-align:start}
.card img{width:100%;aspect-ratio:16/10;object-fit:cover}
.card .body{padding:10px;display:flex;flex-direction:column;gap:6px}.card .title{font-weight:600}.card .description{font-size:.875em;opacity:.85}
.card .paths{display:flex;flex-direction:column;gap:6px;padding:0 10px 10px}
.rating{display:flex;flex-direction:column;align-items:flex-end;gap:6px}
.rating .scale{display:flex;flex-wrap:wrap;gap:6px;justify-content:flex-end}
.rating .labels{display:flex;justify-content:space-between;width:100%;font-size:.875em;opacity:.8;gap:16px}
.rate{min-width:40px;height:40px;padding:0 8px;border-radius:var(--p-button-radius,6px);border:1px solid var(--p-button-bg);background:transparent;color:var(--p-button-bg)}
.rate[aria-checked="true"],.rate.on{background:var(--p-button-bg);color:var(--p-button-color)}
.rate.icon{border:0;color:#c9ccd3}.rate.icon.on,.rate.icon[aria-checked="true"]{background:transparent;color:var(--p-button-bg)}
.rate img{width:28px;height:28px}
.dropzone{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:6px;padding:22px;width:min(100%,460px);text-align:center;
 background:var(--p-input-bg);color:var(--p-input-color);border:2px dashed var(--p-button-bg);border-radius:var(--p-input-radius,6px);cursor:pointer}
.dropzone.over{filter:brightness(.95)}
.files{list-style:none;margin:0;padding:0;width:min(100%,460px);display:flex;flex-direction:column;gap:4px}
.files li{display:flex;flex-direction:column;gap:2px;font-size:.875em}
progress{width:100%;height:6px;accent-color:var(--p-button-bg)}
.actions{display:flex;gap:8px;justify-content:flex-end;flex-wrap:wrap}
.dates{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.dates label{display:flex;flex-direction:column;font-size:.8em;opacity:.9}
.dates input{padding:6px 4px}
.notice{align-self:center;max-width:min(100%,480px);margin:8px 0;padding:12px 16px;border-radius:8px;background:#fff4f4;color:#8a1f1f;border:1px solid #f3c1c1;text-align:center}
.notice.info{background:#f4f7ff;color:#1f3a8a;border-color:#c6d3f7}
.notice strong{display:block;margin-bottom:4px}
.notice .btn{margin-top:8px}
.screen{flex:1;display:flex;align-items:center;justify-content:center;padding:24px;text-align:center}
.screen .notice{font-size:1.05em}
.guest-files{display:flex;flex-wrap:wrap;gap:6px;margin-top:4px}.guest-files img{max-width:160px;max-height:120px;border-radius:4px}
.progress{position:absolute;left:0;right:0;height:var(--p-progress-h);background:var(--p-progress-bg);z-index:2}
.progress.top{top:0}.progress.bottom{bottom:0}
.progress>div{height:100%;width:0;background:var(--p-progress-color);transition:width .3s}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.launcher{position:fixed;right:20px;bottom:20px;width:56px;height:56px;border-radius:50%;border:0;background:var(--p-launcher-bg,#0042DA);color:var(--p-launcher-color,#fff);
 display:flex;align-items:center;justify-content:center;box-shadow:0 6px 16px rgb(0 0 0 / .2);z-index:2147483646;transition:transform .15s}
.launcher:hover{transform:scale(1.06)}.launcher:focus-visible{outline:3px solid #fff;outline-offset:-6px}
.window{position:fixed;right:20px;bottom:88px;width:min(400px,calc(100vw - 40px));height:min(680px,calc(100vh - 120px));border-radius:12px;overflow:hidden;
 box-shadow:0 12px 40px rgb(0 0 0 / .25);z-index:2147483647;display:none}
.window.open,.overlay.open{display:block}
.overlay{position:fixed;inset:0;background:rgb(0 0 0 / .5);z-index:2147483647;display:none}
.overlay .panel{position:absolute;left:50%;top:50%;transform:translate(-50%,-50%);width:min(800px,calc(100vw - 32px));height:min(720px,calc(100vh - 32px));border-radius:12px;overflow:hidden;box-shadow:0 12px 40px rgb(0 0 0 / .3)}
.close{position:absolute;top:8px;right:8px;z-index:3;background:rgb(255 255 255 / .8);color:#303235}
.preview{position:fixed;right:20px;bottom:88px;max-width:280px;display:none;align-items:center;gap:10px;padding:12px 36px 12px 12px;background:#fff;color:#303235;border:0;border-radius:10px;
 box-shadow:0 6px 20px rgb(0 0 0 / .18);z-index:2147483646;text-align:left;cursor:pointer}
.preview.open{display:flex}.preview img{width:36px;height:36px;border-radius:50%;object-fit:cover}
.preview-wrap .dismiss{position:fixed;right:24px;bottom:calc(88px + var(--p-preview-h,40px) - 30px);z-index:2147483647;display:none;width:24px;height:24px}
:host{--p-scroll:0}
`;

let sheet: CSSStyleSheet | undefined;
/** One parsed stylesheet shared by every chat on the page. */
export function baseSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(BASE_CSS);
  }
  return sheet;
}

/** The bot author's custom CSS, scoped to this chat's shadow root. */
export function customSheet(css: unknown): CSSStyleSheet | undefined {
  if (typeof css !== "string" || css.trim() === "") return undefined;
  const custom = new CSSStyleSheet();
  try {
    custom.replaceSync(css);
  } catch {
    return undefined;
  }
  return custom;
}
