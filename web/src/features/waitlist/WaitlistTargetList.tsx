import { Button } from '@blueprintjs/core';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../i18n/languages';
import { JoinWaitlistForm } from './JoinWaitlistForm';
import type { WaitlistTarget } from './types';
import './waitlist.css';

export interface TargetItem {
  key: string;
  target: WaitlistTarget;
  title: ReactNode;
  details?: ReactNode;
  /** Join the waitlist, named with what it is for (for screen readers, among several). */
  joinLabel: string;
  /** What the form says it is for. */
  description: string;
}

interface WaitlistTargetListProps {
  items: TargetItem[];
  serviceId: number;
  calendarId: number;
  spots: number;
  language: Language;
}

/** Full sessions or full dates, each with Join the waitlist, which opens the form under it (one at a time). */
export function WaitlistTargetList({ items, ...formProps }: WaitlistTargetListProps) {
  const { t } = useTranslation();
  const [joining, setJoining] = useState<string | null>(null);
  /** The item whose form was cancelled: its Join button takes the focus back. */
  const cancelled = useRef<string | null>(null);
  return (
    <ul className="waitlist-list">
      {items.map((item) => (
        <li key={item.key} className="waitlist-item">
          <div className="waitlist-item-title">{item.title}</div>
          {item.details}
          {joining === item.key ? (
            <JoinWaitlistForm
              {...formProps}
              target={item.target}
              description={item.description}
              onCancel={() => {
                cancelled.current = item.key;
                setJoining(null);
              }}
            />
          ) : (
            <Button
              ref={(button) => {
                if (!button || cancelled.current !== item.key) return;
                cancelled.current = null;
                button.focus();
              }}
              className="waitlist-join"
              variant="outlined"
              icon="notifications"
              aria-label={item.joinLabel}
              onClick={() => setJoining(item.key)}
            >
              {t('waitlist.join')}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
