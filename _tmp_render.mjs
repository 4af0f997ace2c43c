import fs from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
for (const name of process.argv.slice(2)) {
  const data = new Uint8Array(fs.readFileSync(`/tmp/pdft/${name}.pdf`));
  const doc = await pdfjs.getDocument({ data }).promise;
  for (const pn of [1, doc.numPages > 1 ? 2 : 1]) {
    const page = await doc.getPage(pn);
    const vp = page.getViewport({ scale: 1.1 });
    const canvas = createCanvas(vp.width, vp.height);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff'; ctx.fillRect(0, 0, vp.width, vp.height);
    await page.render({ canvasContext: ctx, viewport: vp, canvas }).promise;
    fs.writeFileSync(`/tmp/pdft/${name}-${pn}.png`, canvas.toBuffer('image/png'));
  }
  console.log(name, doc.numPages, 'pages');
}
