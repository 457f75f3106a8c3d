import { shareWithSheet } from '../../lib/share.ts';
import type { JornadaSummary, SummaryRow } from './jornada-summary.ts';

// A portrait picture that messaging apps show whole; drawn with the device's own fonts (nothing fetched).
const WIDTH = 1080;
const HEIGHT = 1350;
const MARGIN = 80;
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
// The app's theme (web/theme/variables.css).
const PRIMARY = '#1b7a3d';
const BACKGROUND = '#f4f6f5';
const TEXT = '#1c2420';
const MUTED = '#5b6660';

/** `text` cut with "…" to fit `width` in the context's current font. */
function fitted(context: CanvasRenderingContext2D, text: string, width: number): string {
  if (context.measureText(text).width <= width) return text;
  let cut = text;
  while (cut.length > 1 && context.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** `text` in lines that fit `width`, at most `max` of them (the last one cut with "…"). */
function wrapped(context: CanvasRenderingContext2D, text: string, width: number, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const longer = line ? `${line} ${word}` : word;
    if (line && context.measureText(longer).width > width) {
      lines.push(line);
      line = word;
    } else line = longer;
  }
  lines.push(line);
  return lines.length <= max ? lines : [...lines.slice(0, max - 1), fitted(context, lines.slice(max - 1).join(' '), width)];
}

function drawRow(context: CanvasRenderingContext2D, row: SummaryRow, y: number): void {
  if (row.mine) {
    context.fillStyle = '#dcefe2';
    context.fillRect(MARGIN - 24, y - 62, WIDTH - 2 * (MARGIN - 24), 88);
  }
  context.fillStyle = TEXT;
  context.font = `${row.mine ? 'bold ' : ''}44px ${FONT}`;
  context.textAlign = 'left';
  context.fillText(row.position, MARGIN, y);
  context.textAlign = 'right';
  context.fillText(row.points, WIDTH - MARGIN, y);
  const pointsWidth = context.measureText(row.points).width;
  context.textAlign = 'left';
  context.fillText(fitted(context, row.name, WIDTH - 2 * MARGIN - 130 - pointsWidth - 32), MARGIN + 130, y);
}

/** The summary drawn on a canvas: the pool, the jornada, its winners, the first five and the reader's own row. */
export async function summaryPicture(summary: JornadaSummary): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.fillStyle = BACKGROUND;
  context.fillRect(0, 0, WIDTH, HEIGHT);
  context.fillStyle = PRIMARY;
  context.fillRect(0, 0, WIDTH, 300);

  context.textBaseline = 'alphabetic';
  context.textAlign = 'left';
  context.fillStyle = '#ffffff';
  context.font = `bold 72px ${FONT}`;
  context.fillText(fitted(context, summary.poolName, WIDTH - 2 * MARGIN), MARGIN, 150);
  context.font = `48px ${FONT}`;
  context.fillText(fitted(context, summary.jornada, WIDTH - 2 * MARGIN), MARGIN, 230);

  context.fillStyle = PRIMARY;
  context.font = `bold 40px ${FONT}`;
  const winners = wrapped(context, summary.winners, WIDTH - 2 * MARGIN, 2);
  winners.forEach((line, i) => context.fillText(line, MARGIN, 390 + i * 52));

  let y = 470 + winners.length * 52;
  for (const row of summary.top) {
    drawRow(context, row, y);
    y += 110;
  }
  if (summary.own) {
    context.fillStyle = MUTED;
    context.textAlign = 'center';
    context.font = `44px ${FONT}`;
    context.fillText('⋯', WIDTH / 2, y - 30);
    drawRow(context, summary.own, y + 40);
  }

  context.fillStyle = MUTED;
  context.textAlign = 'center';
  context.font = `32px ${FONT}`;
  context.fillText('Quiniela', WIDTH / 2, HEIGHT - 60);

  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No PNG'))), 'image/png'),
  );
}

export type SummaryOutcome = 'shared' | 'downloaded' | 'cancelled';

/** The picture to the system share sheet where it takes files; otherwise downloaded. */
export async function shareSummary(summary: JornadaSummary): Promise<SummaryOutcome> {
  const file = new File([await summaryPicture(summary)], summary.fileName, { type: 'image/png' });
  const outcome = await shareWithSheet({ files: [file], title: `${summary.poolName} · ${summary.jornada}` });
  if (outcome !== 'unavailable') return outcome;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(file);
  link.download = summary.fileName;
  link.click();
  // The download has its own copy once it starts.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  return 'downloaded';
}
