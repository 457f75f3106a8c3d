import { ordinal } from '#contract/index';

/**
 * A reminder's ways out: the page that leaves it (no sign-in), the URL a mail client posts to for the same in one
 * click (RFC 8058: `List-Unsubscribe`), and "Avisos".
 */
export interface ReminderLinks {
  unsubscribe: string;
  oneClick: string;
  settings: string;
}

/**
 * What one e-mail says, by kind: everything a template needs, links included. The mail worker builds it when it sends
 * the mail (server/modules/mail/mail-worker.ts), so a link's token exists only from then on.
 */
export type MailContent =
  | { kind: 'password-reset'; name: string; link: string; minutes: number }
  /** A reset asked for an address with no account: the same mail goes out, saying so. */
  | { kind: 'password-reset-no-account'; email: string; registerLink: string }
  | { kind: 'password-changed'; name: string; forgotLink: string }
  | { kind: 'email-confirmation'; name: string; email: string; link: string; hours: number }
  /** To the address an account is changing to. */
  | { kind: 'email-change'; name: string; email: string; link: string; hours: number }
  /** To an address an account tried to change to that another account already has. */
  | { kind: 'email-taken'; email: string; signInLink: string }
  /** To the old address, once the change is done. */
  | { kind: 'email-changed'; name: string; newEmail: string }
  | { kind: 'invitation'; inviterName: string; poolName: string; code: number; link: string }
  | {
      kind: 'missing-picks';
      name: string;
      poolName: string;
      weekNumber: number;
      /** A La Quiniela pool's jornada: boleto `weekNumber`. */
      boleto: boolean;
      missing: number;
      /** "sábado 28 nov., 21:00" (Spain's time). */
      firstKickoff: string;
      link: string;
      reminder: ReminderLinks;
    }
  | {
      kind: 'jornada-summary';
      name: string;
      poolName: string;
      /** "Jornada 14". */
      jornada: string;
      points: number;
      position: number;
      movement: number | null;
      winners: { name: string; points: number }[];
      link: string;
      reminder: ReminderLinks;
    };

export type MailKind = MailContent['kind'];

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** A paragraph of text, or a link with its label; the same blocks make the plain text and the HTML. */
type Block = string | { label: string; href: string };

const SIGNATURE = 'Quiniela';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Plain text first (what every client can read), then a small HTML part: no images, no remote anything, no trackers. */
function compose(subject: string, blocks: Block[], footer: Block[] = []): RenderedMail {
  const textOf = (block: Block) => (typeof block === 'string' ? block : `${block.label}:\n${block.href}`);
  const htmlOf = (block: Block) =>
    typeof block === 'string'
      ? `<p>${escapeHtml(block)}</p>`
      : `<p><a href="${escapeHtml(block.href)}" style="color:#1565c0;font-weight:bold">${escapeHtml(block.label)}</a></p>`;
  const small = (html: string) => html.replace('<p>', '<p style="font-size:13px;color:#555">');
  const text = [...blocks.map(textOf), `— ${SIGNATURE}`, ...footer.map(textOf)].join('\n\n');
  const html = [
    '<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#1b1b1b;max-width:560px;margin:0 auto;padding:16px">',
    ...blocks.map(htmlOf),
    `<p>— ${SIGNATURE}</p>`,
    ...footer.map((block) => small(htmlOf(block))),
    '</body></html>',
  ].join('');
  return { subject, text: `${text}\n`, html };
}

const reminderFooter = (links: ReminderLinks): Block[] => [
  '¿No quieres recibir este aviso por correo?',
  { label: 'Darme de baja de este aviso', href: links.unsubscribe },
  { label: 'Elegir mis avisos', href: links.settings },
];

const points = (n: number) => (n === 1 ? '1 punto' : `${n} puntos`);
const names = (list: readonly string[]) =>
  list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} y ${list.at(-1)}`;

/** A pool's jornada in a sentence: "La Jornada 15", "de la Jornada 15"; a La Quiniela pool's boleto (decision 082). */
const jornadaWords = (weekNumber: number, boleto: boolean) =>
  boleto
    ? { the: `El Boleto ${weekNumber}`, ofThe: `del Boleto ${weekNumber}` }
    : { the: `La Jornada ${weekNumber}`, ofThe: `de la Jornada ${weekNumber}` };

/** "Te faltan 3 pronósticos de la Jornada 15 de «Peña del Bar»" ("del Boleto 3" in a La Quiniela pool). */
export const missingPicksSubject = (missing: number, weekNumber: number, poolName: string, boleto = false) =>
  `${missing === 1 ? 'Te falta 1 pronóstico' : `Te faltan ${missing} pronósticos`} ${jornadaWords(weekNumber, boleto).ofThe} de «${poolName}»`;

/** The Spanish e-mail of each kind, as plain text and HTML. */
export function renderMail(mail: MailContent): RenderedMail {
  switch (mail.kind) {
    case 'password-reset':
      return compose('Elige una contraseña nueva para Quiniela', [
        `Hola, ${mail.name}:`,
        'Alguien (esperamos que tú) ha pedido una contraseña nueva para tu cuenta de Quiniela. Ábrelo para elegirla:',
        { label: 'Elegir una contraseña nueva', href: mail.link },
        `El enlace sirve una sola vez y caduca en ${mail.minutes} minutos. Al cambiarla se cierran todas tus sesiones.`,
        'Si no lo pediste, ignora este correo: tu contraseña no cambia.',
      ]);
    case 'password-reset-no-account':
      return compose('Quiniela: no hay ninguna cuenta con este correo', [
        `Alguien (esperamos que tú) ha pedido una contraseña nueva para ${mail.email}, pero no hay ninguna cuenta de Quiniela con este correo.`,
        'Si quieres jugar, crea una cuenta:',
        { label: 'Crear una cuenta', href: mail.registerLink },
        'Si no lo pediste, ignora este correo.',
      ]);
    case 'password-changed':
      return compose('Tu contraseña de Quiniela ha cambiado', [
        `Hola, ${mail.name}:`,
        'La contraseña de tu cuenta de Quiniela acaba de cambiar, y se han cerrado todas sus sesiones.',
        'Si no fuiste tú, elige otra ahora mismo:',
        { label: 'Elegir una contraseña nueva', href: mail.forgotLink },
      ]);
    case 'email-confirmation':
      return compose('Confirma tu correo de Quiniela', [
        `Hola, ${mail.name}:`,
        `Confirma que ${mail.email} es tu correo para recibir por él los avisos que elijas y poder recuperar tu cuenta:`,
        { label: 'Confirmar mi correo', href: mail.link },
        `El enlace caduca en ${mail.hours} horas. Si no creaste una cuenta de Quiniela, ignora este correo.`,
      ]);
    case 'email-change':
      return compose('Confirma tu nuevo correo de Quiniela', [
        `Hola, ${mail.name}:`,
        `Has pedido que ${mail.email} sea el correo de tu cuenta de Quiniela. Cambiará cuando abras este enlace:`,
        { label: 'Confirmar el cambio de correo', href: mail.link },
        `El enlace caduca en ${mail.hours} horas. Si no lo pediste, ignora este correo: nada cambia.`,
      ]);
    case 'email-taken':
      return compose('Quiniela: este correo ya tiene una cuenta', [
        `Alguien ha pedido usar ${mail.email} en una cuenta de Quiniela, pero este correo ya es el de otra cuenta, así que no ha cambiado nada.`,
        'Si es tu cuenta, entra con ella:',
        { label: 'Iniciar sesión', href: mail.signInLink },
        'Si no lo pediste, ignora este correo.',
      ]);
    case 'email-changed':
      return compose('El correo de tu cuenta de Quiniela ha cambiado', [
        `Hola, ${mail.name}:`,
        `El correo de tu cuenta de Quiniela es ahora ${mail.newEmail}: a esta dirección ya no llegará nada de la cuenta.`,
        'Si no fuiste tú, avisa al administrador de Quiniela.',
      ]);
    case 'invitation':
      return compose(`${mail.inviterName} te invita a «${mail.poolName}» en Quiniela`, [
        `${mail.inviterName} te invita a su quiniela «${mail.poolName}»: pronostica los partidos y compite en su clasificación.`,
        { label: 'Unirme a la quiniela', href: mail.link },
        `También puedes unirte con el código ${mail.code} en Quiniela («Unirse a una Quiniela»).`,
        'Si no conoces a quien te invita, ignora este correo.',
      ]);
    case 'missing-picks':
      return compose(
        missingPicksSubject(mail.missing, mail.weekNumber, mail.poolName, mail.boleto),
        [
          `Hola, ${mail.name}:`,
          `${jornadaWords(mail.weekNumber, mail.boleto).the} empieza el ${mail.firstKickoff} y aún te ${mail.missing === 1 ? 'falta 1 pronóstico' : `faltan ${mail.missing} pronósticos`} en «${mail.poolName}».`,
          { label: 'Hacer mis pronósticos', href: mail.link },
        ],
        reminderFooter(mail.reminder),
      );
    case 'jornada-summary': {
      const moved = mail.movement ? ` (${mail.movement > 0 ? '▲' : '▼'}${Math.abs(mail.movement)})` : '';
      const scored = mail.points > 0 ? `+${points(mail.points)}` : points(mail.points);
      const top = mail.winners[0]?.points;
      const winners =
        top === undefined
          ? 'Nadie ha ganado la jornada: nadie sumó puntos.'
          : `${mail.winners.length === 1 ? 'Ganó la jornada' : 'Ganaron la jornada'} ${names(mail.winners.map((w) => w.name))} con ${points(top)}.`;
      return compose(
        `${mail.jornada} de «${mail.poolName}»: ${scored}, ahora eres ${ordinal(mail.position)}${moved}`,
        [
          `Hola, ${mail.name}:`,
          `${mail.jornada} de «${mail.poolName}» ha terminado. Has sumado ${points(mail.points)} y vas ${ordinal(mail.position)} en la clasificación${mail.movement ? `, ${Math.abs(mail.movement)} ${Math.abs(mail.movement) === 1 ? 'puesto' : 'puestos'} ${mail.movement > 0 ? 'más arriba' : 'más abajo'} que tras la jornada anterior` : ''}.`,
          winners,
          { label: 'Ver la clasificación', href: mail.link },
        ],
        reminderFooter(mail.reminder),
      );
    }
  }
}
