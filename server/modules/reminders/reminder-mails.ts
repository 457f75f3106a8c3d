import { poolSectionUrl, type PoolNotificationKind } from '#contract/index';
import { linkPaths, tokenLink } from '#contract/links';
import type { LeaderboardService } from '../leaderboard/leaderboard.service.ts';
import type { ComposeMail } from '../mail/mail-worker.ts';
import type { ReminderLinks } from '../mail/templates.ts';
import { signUnsubscribe, type UnsubscribeKeyStore } from '../mail/unsubscribe-tokens.ts';
import { formatMadridShortDateTime } from './kickoff-notice.ts';

/** The path a mail client posts to in one click (RFC 8058) to leave one reminder: server/modules/mail/mail.routes.ts. */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/mail/unsubscribe';

interface Deps {
  jornadaOutcomes: LeaderboardService['jornadaOutcomes'];
  unsubscribeKeys: UnsubscribeKeyStore;
  publicOrigin: string;
}

/**
 * The pools' reminders by e-mail (queued by pool-pushes.repository.ts's statements): what each says when it is sent,
 * with its ways out, which work without signing in (a signed token in the link).
 */
export function createReminderMails({ jornadaOutcomes, unsubscribeKeys, publicOrigin }: Deps) {
  const waysOut = async (userId: number, poolId: number, kind: PoolNotificationKind): Promise<ReminderLinks> => {
    const token = signUnsubscribe(await unsubscribeKeys.get(), { userId, poolId, kind });
    return {
      unsubscribe: tokenLink(publicOrigin, linkPaths.unsubscribe, token),
      oneClick: `${publicOrigin}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${token}`,
      settings: `${publicOrigin}${linkPaths.notificationSettings}`,
    };
  };

  const compose: ComposeMail = async (queued) => {
    const params = queued.params as { name: string; poolId: number; poolName: string; weekNumber: number };
    if (queued.userId === null) return null;
    if (queued.kind === 'missing-picks') {
      const { missing, firstKickoff, boleto } = queued.params as { missing: number; firstKickoff: string; boleto?: boolean };
      return {
        kind: 'missing-picks',
        name: params.name,
        poolName: params.poolName,
        weekNumber: params.weekNumber,
        // Mails queued before boletos were named have none: they were jornadas.
        boleto: boleto ?? false,
        missing,
        firstKickoff: formatMadridShortDateTime(new Date(firstKickoff)),
        link: `${publicOrigin}${poolSectionUrl(params.poolId, 'predict')}`,
        reminder: await waysOut(queued.userId, params.poolId, 'missing-picks'),
      };
    }
    if (queued.kind !== 'jornada-summary') throw new Error(`not a reminder mail: ${queued.kind}`);
    const outcomes = await jornadaOutcomes(params.poolId, params.weekNumber);
    const mine = outcomes?.players.get(queued.userId);
    // The pool is gone, or the player left it since.
    if (!outcomes || !mine) return null;
    return {
      kind: 'jornada-summary',
      name: params.name,
      poolName: params.poolName,
      jornada: outcomes.label,
      ...mine,
      winners: outcomes.winners,
      link: `${publicOrigin}${poolSectionUrl(params.poolId, 'ranking')}`,
      reminder: await waysOut(queued.userId, params.poolId, 'jornada-results'),
    };
  };
  return { compose };
}
