import { Button, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetAuditEventChoicesQuery } from './auditEventsApi';
import { instantFrom, wallClockOf, wallClockOfTo } from './auditEventsParams';
import { AuditMomentField } from './AuditMomentField';
import type { ActorChoice, AuditFilters } from './types';

interface Props {
  filters: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}

interface Draft extends Omit<AuditFilters, 'from' | 'to'> {
  fromDate: string;
  fromTime: string;
  toDate: string;
  toTime: string;
}

const draftOf = ({ from, to, ...rest }: AuditFilters): Draft => {
  const start = wallClockOf(from);
  const end = wallClockOfTo(to);
  return { ...rest, fromDate: start.date, fromTime: start.time, toDate: end.date, toTime: end.time };
};

/** The event log's filters: category, stream, type, actor, and a time range in the unit's wall clock. */
export function AuditEventsFilters({ filters, onApply }: Props) {
  const { t } = useTranslation();
  const choices = useGetAuditEventChoicesQuery();
  const [draft, setDraft] = useState(() => draftOf(filters));
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  const from = instantFrom(draft.fromDate, draft.fromTime, 'from');
  const to = instantFrom(draft.toDate, draft.toTime, 'to');
  const reversed = from !== '' && to !== '' && from > to;
  const badUser = draft.actorKind === 'user' && draft.actorUserId !== '' && !/^\d{1,10}$/.test(draft.actorUserId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reversed || badUser) return;
    const { fromDate: _fd, fromTime: _ft, toDate: _td, toTime: _tt, ...rest } = draft;
    onApply({ ...rest, actorUserId: rest.actorKind === 'user' ? rest.actorUserId : '', from, to });
  };
  return (
    <form className="audit-filters" role="search" aria-label={t('auditEvents.filters.label')} onSubmit={submit}>
      <FormGroup label={t('auditEvents.filters.category')} labelFor="audit-category">
        <HTMLSelect
          id="audit-category"
          value={draft.streamCategory}
          onChange={(event) => set({ streamCategory: event.currentTarget.value })}
        >
          <option value="">{t('auditEvents.filters.allCategories')}</option>
          {(choices.data?.streamCategories ?? []).map((category) => (
            <option key={category}>{category}</option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup label={t('auditEvents.filters.streamId')} labelFor="audit-stream">
        <InputGroup
          id="audit-stream"
          maxLength={300}
          placeholder="calendar-3"
          value={draft.streamId}
          onValueChange={(value) => set({ streamId: value })}
        />
      </FormGroup>
      <FormGroup label={t('auditEvents.filters.type')} labelFor="audit-type">
        <HTMLSelect id="audit-type" value={draft.type} onChange={(event) => set({ type: event.currentTarget.value })}>
          <option value="">{t('auditEvents.filters.allTypes')}</option>
          {(choices.data?.types ?? []).map((type) => (
            <option key={type}>{type}</option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup label={t('auditEvents.filters.actor')} labelFor="audit-actor">
        <HTMLSelect
          id="audit-actor"
          value={draft.actorKind}
          onChange={(event) => set({ actorKind: event.currentTarget.value as ActorChoice })}
        >
          <option value="">{t('auditEvents.filters.anyone')}</option>
          <option value="user">{t('auditEvents.filters.staff')}</option>
          <option value="public">{t('auditEvents.filters.public')}</option>
          <option value="system">{t('auditEvents.filters.system')}</option>
        </HTMLSelect>
      </FormGroup>
      {draft.actorKind === 'user' && (
        <FormGroup
          label={t('auditEvents.filters.userId')}
          labelFor="audit-user"
          intent={badUser ? 'danger' : 'none'}
          helperText={badUser ? t('auditEvents.filters.userIdInvalid') : t('auditEvents.filters.userIdHint')}
        >
          <InputGroup
            id="audit-user"
            inputMode="numeric"
            maxLength={10}
            intent={badUser ? 'danger' : 'none'}
            value={draft.actorUserId}
            onValueChange={(value) => set({ actorUserId: value.trim() })}
          />
        </FormGroup>
      )}
      <AuditMomentField
        id="audit-from"
        label={t('auditEvents.filters.from')}
        date={draft.fromDate}
        time={draft.fromTime}
        onChange={(date, time) => set({ fromDate: date, fromTime: time })}
      />
      <AuditMomentField
        id="audit-to"
        label={t('auditEvents.filters.to')}
        date={draft.toDate}
        time={draft.toTime}
        error={reversed ? t('auditEvents.filters.reversed') : undefined}
        onChange={(date, time) => set({ toDate: date, toTime: time })}
      />
      <div className="audit-filter-actions">
        <Button type="submit" intent="primary" icon="filter" text={t('auditEvents.filters.apply')} />
      </div>
    </form>
  );
}
