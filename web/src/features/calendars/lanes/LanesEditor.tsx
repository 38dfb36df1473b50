import { Button, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Lane } from '../../../../../domain/calendars/lane';
import { LaneFields } from './LaneFields';
import { addLane, MAX_LANES, removeLane } from './laneRules';
import './lanes.css';

interface LanesEditorProps {
  lanes: Lane[];
  onChange: (lanes: Lane[]) => void;
  /** The message of a problem of the lanes ('lanes') or of one lane's property ('lanes.1.endTime'), if any. */
  message: (field: string) => string | undefined;
  /** Delete Lane of the lane at `index`; without it, onChange gets the lanes without that one. */
  onRemove?: (index: number) => void;
}

/**
 * The lanes of a calendar (the lanes its new dates start with) or of calendar dates (§2.3, §3 Lane, §5 Lane), each
 * in its own region. Add Lane copies the last lane with ' copy' (' copie') after its name; Delete Lane is there
 * only while more than one lane exists.
 */
export function LanesEditor({ lanes, onChange, message, onRemove }: LanesEditorProps) {
  const { t } = useTranslation();
  const general = message('lanes');
  const remove = onRemove ?? ((index: number) => onChange(removeLane(lanes, index)));
  return (
    <div className="lane-editor">
      {general && (
        <Callout intent="danger" className="form-callout">
          {general}
        </Callout>
      )}
      <div className="lane-list">
        {lanes.map((lane, index) => (
          <LaneFields
            // Lanes have no id before they are saved: their place is their identity while the form is open.
            key={index}
            lane={lane}
            index={index}
            canDelete={lanes.length > 1}
            message={(property) => message(`lanes.${index}.${property}`)}
            onChange={(changed) => onChange(lanes.map((current, at) => (at === index ? changed : current)))}
            onDelete={() => remove(index)}
          />
        ))}
      </div>
      <Button
        icon="add"
        variant="outlined"
        disabled={lanes.length >= MAX_LANES}
        onClick={() => onChange(addLane(lanes, t('lanes.copySuffix')))}
      >
        {t('lanes.addLane')}
      </Button>
    </div>
  );
}
