import { Alert, Button, ButtonGroup, Callout, Card, H1, NonIdealState, Tag } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { dateWindow } from '../../../../domain/calendar-dates/calendar-date';
import { addMonths } from '../../../../domain/shared/plain-date';
import { errorCode, type ApiError } from '../../app/errorMessages';
import { PageSpinner } from '../../app/PageSpinner';
import { parseId } from '../../app/parseId';
import { formatDate } from '../../i18n/format';
import { lastDayOfMonth } from '../../i18n/month';
import { useAdminLanguage } from '../admin-shell/adminLanguage';
import { LoadFailed } from '../admin-shell/LoadFailed';
import type { MutationAnswer } from '../admin-shell/mutationAnswer';
import { showSuccess } from '../admin-shell/toaster';
import { useCopyCalendarDateMutation, useDeleteCalendarDatesMutation, useGetCalendarDatesQuery, useMoveCalendarDatesMutation } from './calendarDatesApi';
import { shortDate } from './dateText';
import { addDates, DATE_MODES, initialTool, isSelectable, pruneTool, toggleDate, toolMonths, type DateMode, type ToolContext, type ToolState } from './dateTool';
import { MonthGrid, type DayView } from './MonthGrid';
import { BackToCalendars, BatchFailure, datesPath } from './parts';
import { SelectionPanel } from './SelectionPanel';
import { SeriesFields, useSeriesSettings } from './SeriesFields';
import type { BatchDatesState, CalendarDate } from './types';
import { useToday } from '../../app/useToday';
import { useGetCalendarQuery } from '../calendars/calendarsApi';
import type { Calendar } from '../calendars/types';
import './calendarDates.css';

const modeIcons = { none: 'hand-up', add: 'add', edit: 'edit', move: 'move', copy: 'duplicate' } as const;

/** The chosen dates, in a line of tags (Move pairs each source with its target). */
function ChosenDates({ tool }: { tool: ToolState }) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  if (tool.picked.length === 0) return null;
  if (tool.mode === 'move' || tool.mode === 'copy') {
    const pairs = tool.mode === 'move' ? tool.picked.map((from, index) => ({ from, to: tool.targets[index] })) : tool.targets.map((to) => ({ from: tool.picked[0]!, to }));
    const rows = pairs.length > 0 ? pairs : tool.picked.map((from) => ({ from, to: undefined }));
    return (
      <ol className="cd-chosen-pairs" aria-label={t('calendarDates.chosenList')}>
        {rows.map(({ from, to }, index) => (
          <li key={`${from}-${to ?? index}`}>
            <Tag minimal>{shortDate(language, from)}</Tag>
            {tool.step === 'target' && (
              <>
                {' → '}
                {to ? <Tag minimal intent="primary">{shortDate(language, to)}</Tag> : <span className="cd-chosen-pending">{t('calendarDates.targetPending')}</span>}
              </>
            )}
          </li>
        ))}
      </ol>
    );
  }
  return null;
}

interface DatesToolProps {
  calendar: Calendar;
  dates: CalendarDate[];
  today: string;
  months: string[];
}

/** The tool itself, once the calendar and its dates are loaded. */
function DatesTool({ calendar, dates, today, months }: DatesToolProps) {
  const { t } = useTranslation();
  const language = useAdminLanguage();
  const navigate = useNavigate();
  const [tool, setTool] = useState<ToolState>(() => initialTool());
  const [failure, setFailure] = useState<ApiError>(undefined);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleteDates, deletion] = useDeleteCalendarDatesMutation();
  const [moveDates, moving] = useMoveCalendarDatesMutation();
  const [copyDate, copying] = useCopyCalendarDateMutation();
  const [copyAttempted, setCopyAttempted] = useState(false);
  const limits = useMemo(() => dateWindow(today), [today]);
  const context: ToolContext = useMemo(
    () => ({ existing: new Map(dates.map((date) => [date.date, date])), window: limits, groupSession: calendar.groupSession }),
    [dates, limits, calendar.groupSession],
  );
  // One stamp per answer of the dates query: the months re-render when the dates or the tool's state change.
  const dataStamp = useMemo(() => `${dates.length}:${dates.map((date) => `${date.date}${date.enabled ? '+' : '-'}${date.appointmentCount}`).join(',')}`, [dates]);

  useEffect(() => {
    setTool((current) => pruneTool(current, context));
  }, [context]);

  // On a group-session calendar the copies are a new series: its deadline and spots (default: the source's spots).
  const copySource = tool.mode === 'copy' ? context.existing.get(tool.picked[0] ?? '') : undefined;
  const copyTargets = [...tool.targets].sort();
  const seriesSettings = useSeriesSettings(copyTargets[0], today, copySource?.spots ?? calendar.spots);
  const copyMakesSeries = calendar.groupSession && tool.mode === 'copy' && tool.step === 'target';

  const chooseMode = (mode: DateMode) => {
    setTool(initialTool(mode));
    setFailure(undefined);
    setCopyAttempted(false);
    seriesSettings.reset();
  };

  const onDayRef = useRef<(date: string) => void>(() => undefined);
  onDayRef.current = (date: string) => {
    if (tool.mode === 'none') {
      void navigate(`${datesPath(calendar.id)}/${date}/edit`);
      return;
    }
    setTool((current) => toggleDate(current, date, context));
  };
  const onDay = useCallback((date: string) => onDayRef.current(date), []);

  const pickedSet = new Set(tool.picked);
  const view = (date: string): DayView => {
    const existing = context.existing.get(date);
    const kind = existing ? (existing.enabled ? 'enabled' : 'disabled') : 'free';
    const sourceIndex = tool.picked.indexOf(date);
    const targetIndex = tool.targets.indexOf(date);
    const chosen = sourceIndex >= 0 ? 'source' : targetIndex >= 0 ? 'target' : null;
    const showOrder = tool.mode === 'move';
    const order = !showOrder ? null : sourceIndex >= 0 ? sourceIndex + 1 : targetIndex >= 0 ? targetIndex + 1 : null;
    const inCurrentList = tool.step === 'source' ? pickedSet.has(date) : targetIndex >= 0;
    const parts = [formatDate(language, date), t(`calendarDates.day.${kind}`)];
    if (chosen === 'source') parts.push(tool.mode === 'move' || tool.mode === 'copy' ? t('calendarDates.day.source') : t('calendarDates.day.selected'));
    if (chosen === 'target') parts.push(t('calendarDates.day.target'));
    return {
      kind,
      chosen,
      order,
      clickable: inCurrentList || isSelectable(tool, date, context),
      past: date < today,
      today: date === today,
      label: parts.join(', '),
      toggle: tool.mode !== 'none',
    };
  };
  const versionOf = (month: string) => {
    const prefix = month.slice(0, 8);
    const mark = (list: string[]) => list.map((date, index) => (date.startsWith(prefix) ? `${date}#${index}` : '')).join('');
    return `${tool.mode}|${tool.step}|${dataStamp}|${mark(tool.picked)}|${mark(tool.targets)}`;
  };

  /** Runs a change; true once it is saved (the tool then starts over in its mode). */
  async function run(call: Promise<MutationAnswer>, message: string): Promise<boolean> {
    setFailure(undefined);
    const answer = await call;
    if ('error' in answer) {
      setFailure(answer.error);
      return false;
    }
    showSuccess(message);
    setTool(initialTool(tool.mode));
    return true;
  }

  const sorted = [...tool.picked].sort();
  const count = tool.picked.length;
  const goToBatch = (mode: 'add' | 'edit') => {
    const state: BatchDatesState = { dates: sorted };
    void navigate(`${datesPath(calendar.id)}/batch/${mode}`, { state });
  };
  const busy = deletion.isLoading || moving.isLoading || copying.isLoading;
  const copy = () => {
    setCopyAttempted(true);
    if (copyMakesSeries && seriesSettings.hasProblems) return;
    const body = { fromDate: tool.picked[0]!, toDates: copyTargets, ...(copyMakesSeries ? seriesSettings.body : {}) };
    void run(copyDate({ calendarId: calendar.id, body }), t('calendarDates.copied')).then((saved) => {
      if (!saved) return;
      setCopyAttempted(false);
      seriesSettings.reset();
    });
  };
  const hintKey = tool.mode === 'move' || tool.mode === 'copy' ? (`${tool.mode}_${tool.step}` as const) : tool.mode;

  let status = '';
  if (tool.mode === 'add' || tool.mode === 'edit') status = t('calendarDates.selectedCount', { count });
  else if (tool.mode === 'move') status = tool.step === 'source' ? t('calendarDates.moveSources', { count }) : t('calendarDates.moveTargets', { chosen: tool.targets.length, count });
  else if (tool.mode === 'copy') status = tool.step === 'source' ? (count === 1 ? t('calendarDates.copySource', { date: shortDate(language, tool.picked[0]!) }) : t('calendarDates.copyNoSource')) : t('calendarDates.copyTargets', { count: tool.targets.length });

  return (
    <>
      <Card className="cd-modes page-card">
        <div className="cd-mode-row">
          <span className="cd-mode-label" id="cd-mode-label">
            {t('calendarDates.modeLabel')}
          </span>
          <ButtonGroup role="group" aria-labelledby="cd-mode-label" className="cd-mode-buttons">
            {DATE_MODES.map((mode) => (
              <Button key={mode} icon={modeIcons[mode]} active={tool.mode === mode} aria-pressed={tool.mode === mode} intent={tool.mode === mode ? 'primary' : 'none'} onClick={() => chooseMode(mode)}>
                {t(`calendarDates.modes.${mode}`)}
              </Button>
            ))}
          </ButtonGroup>
        </div>
        <p className="cd-hint" role="status">
          {t(`calendarDates.hints.${hintKey}`)}
        </p>
        {tool.mode !== 'none' && !(tool.mode === 'copy' && tool.step === 'source') && (
          <SelectionPanel
            key={`${tool.mode}-${tool.step}`}
            min={today}
            max={limits.lastDay}
            initialEnd={addMonths(today, 1)}
            onSelect={(chosen) => setTool((current) => addDates(current, chosen, context))}
          />
        )}
      </Card>

      {tool.mode !== 'none' && (
        <div className="cd-actions" role="region" aria-label={t('calendarDates.actionsLabel')}>
          <BatchFailure failure={failure} />
          <div className="cd-actions-row">
            <strong className="cd-count" aria-live="polite">
              {status}
            </strong>
            <div className="cd-action-buttons">
              <Button icon="cross" variant="outlined" disabled={count === 0 && tool.targets.length === 0} onClick={() => setTool(initialTool(tool.mode))}>
                {t('calendarDates.clearSelection')}
              </Button>
              {tool.mode === 'add' && (
                <Button intent="primary" icon="arrow-right" disabled={count === 0} onClick={() => goToBatch('add')}>
                  {t('calendarDates.next')}
                </Button>
              )}
              {tool.mode === 'edit' && (
                <>
                  <Button intent="primary" icon="edit" disabled={count === 0} onClick={() => goToBatch('edit')}>
                    {t('calendarDates.edit')}
                  </Button>
                  <Button intent="danger" icon="trash" disabled={count === 0} loading={deletion.isLoading} onClick={() => setConfirmingDelete(true)}>
                    {t('calendarDates.delete')}
                  </Button>
                </>
              )}
              {(tool.mode === 'move' || tool.mode === 'copy') && tool.step === 'source' && (
                <Button intent="primary" icon="arrow-right" disabled={count === 0} onClick={() => setTool((current) => ({ ...current, step: 'target', targets: [] }))}>
                  {t('calendarDates.chooseTargets')}
                </Button>
              )}
              {(tool.mode === 'move' || tool.mode === 'copy') && tool.step === 'target' && (
                <Button icon="arrow-left" variant="outlined" onClick={() => setTool((current) => ({ ...current, step: 'source', targets: [] }))}>
                  {t('calendarDates.backToSources')}
                </Button>
              )}
              {tool.mode === 'move' && tool.step === 'target' && (
                <Button
                  intent="primary"
                  icon="move"
                  loading={moving.isLoading}
                  disabled={busy || tool.targets.length !== count}
                  onClick={() => void run(moveDates({ calendarId: calendar.id, body: { fromDates: tool.picked, toDates: tool.targets } }), t('calendarDates.moved'))}
                >
                  {t('calendarDates.moveAction')}
                </Button>
              )}
              {tool.mode === 'copy' && tool.step === 'target' && (
                <Button
                  intent="primary"
                  icon="duplicate"
                  loading={copying.isLoading}
                  disabled={busy || tool.targets.length === 0 || count !== 1}
                  onClick={copy}
                >
                  {t('calendarDates.copyAction')}
                </Button>
              )}
            </div>
          </div>
          <ChosenDates tool={tool} />
          {copyMakesSeries && (
            <div className="cd-copy-series">
              <p className="cd-field-hint">{t('calendarDates.copySeriesHint')}</p>
              <SeriesFields settings={seriesSettings} firstDate={copyTargets[0]} today={today} attempted={copyAttempted} />
            </div>
          )}
        </div>
      )}

      <ul className="cd-legend" aria-label={t('calendarDates.legend.title')}>
        <li>
          <span className="cd-swatch cd-swatch-enabled" aria-hidden="true" /> {t('calendarDates.legend.enabled')}
        </li>
        <li>
          <span className="cd-swatch cd-swatch-disabled" aria-hidden="true" /> {t('calendarDates.legend.disabled')}
        </li>
        <li>
          <span className="cd-swatch cd-swatch-selected" aria-hidden="true" /> {t('calendarDates.legend.selected')}
        </li>
        {(tool.mode === 'move' || tool.mode === 'copy') && (
          <li>
            <span className="cd-swatch cd-swatch-target" aria-hidden="true" /> {t('calendarDates.legend.target')}
          </li>
        )}
      </ul>

      <div className="cd-months">
        {months.map((month) => (
          <MonthGrid key={month} month={month} language={language} version={versionOf(month)} view={view} onDay={onDay} />
        ))}
      </div>

      <Alert
        isOpen={confirmingDelete}
        intent="danger"
        icon="trash"
        confirmButtonText={t('calendarDates.delete')}
        cancelButtonText={t('calendarDates.cancel')}
        loading={deletion.isLoading}
        canEscapeKeyCancel={!deletion.isLoading}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() => {
          void run(deleteDates({ calendarId: calendar.id, body: { dates: sorted } }), t('calendarDates.deleted')).then(() => setConfirmingDelete(false));
        }}
      >
        <p>{t('calendarDates.confirmDelete', { count })}</p>
      </Alert>
    </>
  );
}

/**
 * §2.3 /admin/calendars/{id}/dates: 24 months of a calendar's dates (§9), with the modes of §4.3. Without a mode a
 * click on a date opens its editor; Add and Edit choose dates for the batch forms, Edit also deletes; Move and Copy
 * choose their sources, then their targets.
 */
export function CalendarDatesPage() {
  const { t } = useTranslation();
  const id = parseId(useParams().id);
  const today = useToday();
  const months = useMemo(() => toolMonths(today), [today]);
  const range = id === undefined ? skipToken : { calendarId: id, startDate: months[0]!, endDate: lastDayOfMonth(months.at(-1)!) };
  const calendarQuery = useGetCalendarQuery(id ?? skipToken);
  const datesQuery = useGetCalendarDatesQuery(range);
  const title = t('calendarDates.title');

  const code = errorCode(calendarQuery.error);
  if (id === undefined || code === 'CALENDAR_NOT_FOUND' || code === 'NOT_FOUND') {
    return <NonIdealState className="page-state" icon="search" title={t('errors.CALENDAR_NOT_FOUND')} action={<BackToCalendars />} />;
  }
  if (calendarQuery.isLoading || datesQuery.isLoading) return <PageSpinner />;
  const error = calendarQuery.error ?? datesQuery.error;
  if (error || !calendarQuery.data || !datesQuery.data) return <LoadFailed title={title} error={error} action={<BackToCalendars />} />;
  const calendar = calendarQuery.data;

  return (
    <>
      <div className="page-heading">
        <div>
          <H1 className="page-title">{calendar.name}</H1>
          <p className="cd-subtitle">{calendar.groupSession ? t('calendarDates.titleGroup') : title}</p>
        </div>
        <BackToCalendars />
      </div>
      {!calendar.enabled && (
        <Callout intent="warning" className="form-callout">
          {t('calendarDates.calendarDisabled')}
        </Callout>
      )}
      <DatesTool calendar={calendar} dates={datesQuery.data} today={today} months={months} />
    </>
  );
}
