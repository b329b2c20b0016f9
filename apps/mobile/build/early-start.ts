import type { Plugin } from 'vite';

// Saves round trips on a first load: the entry stylesheet (about 3 KB gzipped) is inlined, so the
// first paint waits for nothing but the HTML, and an inline script (1) preloads the locale chunk of
// the language the app will use (stored choice, else the browser's, else English) and (2) starts
// the site-configuration call, which `features/config/queries.ts` picks up. Both would otherwise
// wait until the main script has downloaded and run.

const LOCALE = /\/packages\/i18n\/src\/locales\/(\w+)\.ts$/;

export function earlyStart(): Plugin {
  return {
    name: 'beurs-early-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const localeFiles: Record<string, string> = {};
        for (const output of Object.values(context.bundle ?? {})) {
          if (output.type !== 'chunk' || !output.facadeModuleId) continue;
          const language = LOCALE.exec(output.facadeModuleId)?.[1];
          if (language) localeFiles[language] = output.fileName;
        }
        const script = `(function(){try{var f=${JSON.stringify(localeFiles)};var l=localStorage.getItem('language');if(!f[l]){l='en';var p=navigator.languages||[navigator.language];for(var i=0;i<p.length;i++){var b=String(p[i]).toLowerCase().split('-')[0];if(f[b]){l=b;break}}}var k=document.createElement('link');k.rel='modulepreload';k.href='./'+f[l];document.head.appendChild(k);window.__beursConfig=fetch('./api/vue/common/config',{method:'POST',headers:{'content-type':'application/json'},body:'{"type":"all"}'}).then(function(r){return r.ok?r.json():null}).catch(function(){return null})}catch(e){}})();`;
        const tags = [{ tag: 'script', children: script, injectTo: 'head' as const }];
        let page = html;
        for (const output of Object.values(context.bundle ?? {})) {
          if (output.type !== 'asset' || !output.fileName.endsWith('.css')) continue;
          const link = new RegExp(
            `<link rel="stylesheet"[^>]*href="\\./${output.fileName.replace(/[.]/g, '\\.')}"[^>]*>`,
          );
          if (!link.test(page)) continue;
          page = page.replace(link, () => `<style>${String(output.source)}</style>`);
        }
        return { html: page, tags };
      },
    },
  };
}
