import { useQuery } from '@tanstack/react-query';
import { calendarOutline, copyOutline } from 'ionicons/icons';
import { useState } from 'react';
import { closeCalendarMessages as texts } from '#contract/close-calendar';
import { Button, buttonClass } from '../../../components/button.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Icon } from '../../../components/icon.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { ToastButton } from '../../../components/toast-button.tsx';
import { closeCalendarQueries } from './api.ts';
import './close-calendar.css';

/**
 * "Calendario de cierres" under the pool's rules: the member's own address of the calendar of closes (one event per
 * jornada, docs/decisions/077-a-calendar-of-the-closes.md), asked for on the first tap, then handed to the device's
 * calendar app (webcal:) or copied.
 */
export function CloseCalendar({ poolId }: { poolId: number }) {
  const [asked, setAsked] = useState(false);
  return (
    <section className="close-calendar" aria-label={texts.title} data-testid="close-calendar">
      {asked ? (
        <CalendarLinks poolId={poolId} />
      ) : (
        <Button fill="outline" icon={calendarOutline} onClick={() => setAsked(true)} data-testid="close-calendar-open">
          {texts.title}
        </Button>
      )}
    </section>
  );
}

function CalendarLinks({ poolId }: { poolId: number }) {
  const link = useQuery(closeCalendarQueries.link(poolId));
  if (link.isPending) return <LoadingState text={texts.loading} />;
  if (link.isError) return <ErrorState text={texts.title} error={link.error} onRetry={link.refetch} />;
  const copy = async () => {
    await navigator.clipboard.writeText(link.data.url);
    return texts.copied;
  };
  return (
    <>
      <p className="close-calendar__text">{texts.explanation}</p>
      <div className="close-calendar__actions">
        <a className={buttonClass('outline')} href={link.data.webcalUrl} data-testid="close-calendar-add">
          <Icon src={calendarOutline} />
          {texts.add}
        </a>
        <ToastButton icon={copyOutline} testId="close-calendar-copy" act={copy} failed={texts.copyFailed}>
          {texts.copy}
        </ToastButton>
      </div>
    </>
  );
}
