import { describe, expect, it } from 'vitest';
import { missingPicksText } from '#contract/notifications';
import { missingPicksSubject, renderMail, type MailContent } from './templates.ts';

const reminder = {
  unsubscribe: 'https://quiniela.example.org/baja#1.2.m.firma',
  oneClick: 'https://quiniela.example.org/api/mail/unsubscribe?token=1.2.m.firma',
  settings: 'https://quiniela.example.org/tabs/home?avisos',
};

describe('the e-mails', () => {
  it('ask for picks: "Te faltan 3 pronósticos de la Jornada 15 de «Peña del Bar»", with a way out and to the settings', () => {
    const mail = renderMail({
      kind: 'missing-picks',
      name: 'Ana',
      poolName: 'Peña del Bar',
      weekNumber: 15,
      boleto: false,
      missing: 3,
      firstKickoff: 'sábado 28 nov., 21:00',
      link: 'https://quiniela.example.org/tabs/pool/7?seccion=predecir',
      reminder,
    });
    expect(mail.subject).toBe('Te faltan 3 pronósticos de la Jornada 15 de «Peña del Bar»');
    expect(mail.text).toBe(
      [
        'Hola, Ana:',
        'La Jornada 15 empieza el sábado 28 nov., 21:00 y aún te faltan 3 pronósticos en «Peña del Bar».',
        'Hacer mis pronósticos:\nhttps://quiniela.example.org/tabs/pool/7?seccion=predecir',
        '— Quiniela',
        '¿No quieres recibir este aviso por correo?',
        'Darme de baja de este aviso:\nhttps://quiniela.example.org/baja#1.2.m.firma',
        'Elegir mis avisos:\nhttps://quiniela.example.org/tabs/home?avisos',
      ].join('\n\n') + '\n',
    );
    expect(missingPicksSubject(1, 4, 'Los del barrio')).toBe('Te falta 1 pronóstico de la Jornada 4 de «Los del barrio»');
  });

  it("name a La Quiniela pool's jornada as its boleto (decision 082)", () => {
    expect(missingPicksSubject(2, 3, 'Peña')).toBe('Te faltan 2 pronósticos de la Jornada 3 de «Peña»');
    expect(missingPicksSubject(2, 3, 'Peña', true)).toBe('Te faltan 2 pronósticos del Boleto 3 de «Peña»');
    const mail = renderMail({
      kind: 'missing-picks',
      name: 'Ana',
      poolName: 'Peña',
      weekNumber: 3,
      boleto: true,
      missing: 1,
      firstKickoff: 'sábado 28 nov., 21:00',
      link: 'https://quiniela.example.org/tabs/pool/7?seccion=predecir',
      reminder,
    });
    expect(mail.text).toContain('El Boleto 3 empieza el sábado 28 nov., 21:00 y aún te falta 1 pronóstico en «Peña».');
    expect(missingPicksText(1, 'Peña', 3, '21:00', true).body).toBe('Te falta 1 pronóstico en «Peña» · El boleto 3 empieza a las 21:00');
    expect(missingPicksText(1, 'Peña', 3, '21:00').body).toBe('Te falta 1 pronóstico en «Peña» · La jornada 3 empieza a las 21:00');
  });

  it("sum up a jornada: points, place, movement and the jornada's winners", () => {
    const summary = (overrides: Partial<Extract<MailContent, { kind: 'jornada-summary' }>>) =>
      renderMail({
        kind: 'jornada-summary',
        name: 'Beto',
        poolName: 'Peña del Bar',
        jornada: 'Jornada 14',
        points: 6,
        position: 2,
        movement: 1,
        winners: [{ name: 'Ana', points: 9 }],
        link: 'https://quiniela.example.org/tabs/pool/7?seccion=ranking',
        reminder,
        ...overrides,
      });
    const won = summary({});
    expect(won.subject).toBe('Jornada 14 de «Peña del Bar»: +6 puntos, ahora eres 2.º (▲1)');
    expect(won.text).toContain('Has sumado 6 puntos y vas 2.º en la clasificación, 1 puesto más arriba que tras la jornada anterior.');
    expect(won.text).toContain('Ganó la jornada Ana con 9 puntos.');
    const tied = summary({ points: 1, movement: -2, winners: [{ name: 'Ana', points: 9 }, { name: 'Carla', points: 9 }, { name: 'Dani', points: 9 }] });
    expect(tied.subject).toBe('Jornada 14 de «Peña del Bar»: +1 punto, ahora eres 2.º (▼2)');
    expect(tied.text).toContain('2 puestos más abajo');
    expect(tied.text).toContain('Ganaron la jornada Ana, Carla y Dani con 9 puntos.');
    const nobody = summary({ points: 0, movement: null, winners: [] });
    expect(nobody.subject).toBe('Jornada 14 de «Peña del Bar»: 0 puntos, ahora eres 2.º');
    expect(nobody.text).toContain('Nadie ha ganado la jornada: nadie sumó puntos.');
  });

  it('carry a reset link that says how long it works, and say so when the address has no account', () => {
    const reset = renderMail({ kind: 'password-reset', name: 'Ana', link: 'https://q.example.org/nueva-contrasena#abc', minutes: 30 });
    expect(reset.subject).toBe('Elige una contraseña nueva para Quiniela');
    expect(reset.text).toContain('Elegir una contraseña nueva:\nhttps://q.example.org/nueva-contrasena#abc');
    expect(reset.text).toContain('El enlace sirve una sola vez y caduca en 30 minutos.');
    const none = renderMail({ kind: 'password-reset-no-account', email: 'x@example.org', registerLink: 'https://q.example.org/register' });
    expect(none.text).toContain('no hay ninguna cuenta de Quiniela con este correo');
  });

  it("name the pool and the inviter in an invitation", () => {
    const mail = renderMail({ kind: 'invitation', inviterName: 'Beto', poolName: 'Peña del Bar', code: 123456, link: 'https://q.example.org/unirse/123456' });
    expect(mail.subject).toBe('Beto te invita a «Peña del Bar» en Quiniela');
    expect(mail.text).toContain('Unirme a la quiniela:\nhttps://q.example.org/unirse/123456');
    expect(mail.text).toContain('con el código 123456');
  });

  it('are plain HTML too: the text escaped, no image, nothing remote but the links', () => {
    const mail = renderMail({ kind: 'invitation', inviterName: '<script>x</script>', poolName: 'A & B "C"', code: 123456, link: 'https://q.example.org/unirse/123456' });
    expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt; te invita a su quiniela «A &amp; B &quot;C&quot;»');
    expect(mail.html).not.toMatch(/<img|<script|src=|url\(/i);
    expect(mail.html.match(/href="([^"]+)"/g)).toEqual(['href="https://q.example.org/unirse/123456"']);
  });
});
