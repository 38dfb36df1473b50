import { Button } from '@blueprintjs/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfficeRegion } from '../../../../domain/locations/location';
import { SelectField } from '../../shared/fields/SelectField';
import type { Category } from '../categories';
import { neutralColour, regionColours, regions } from './regions';

const colourStyle = (colour: string) => ({ '--region-colour': colour }) as CSSProperties;

function RegionButton({
  label,
  colour,
  pressed,
  onClick,
}: {
  label: string;
  colour: string;
  pressed: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      className="overview-region"
      style={colourStyle(colour)}
      icon={pressed ? 'tick' : 'full-circle'}
      active={pressed}
      aria-pressed={pressed}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}

/**
 * §2.3 the filters of the Calendar Overview: a category (a native select, right on phones) and the office regions,
 * each button in its region's colour. Both are sent to the API.
 */
export function OverviewFilters({
  categories,
  categoryId,
  region,
  onCategoryChange,
  onRegionChange,
}: {
  categories: readonly Category[];
  categoryId: number | undefined;
  region: OfficeRegion | undefined;
  onCategoryChange: (categoryId: number | undefined) => void;
  onRegionChange: (region: OfficeRegion | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="overview-filters">
      <SelectField
        className="overview-category"
        label={t('dashboard.category')}
        value={categoryId === undefined ? '' : String(categoryId)}
        placeholder={t('dashboard.allCategories')}
        choices={categories.map((category) => ({ value: String(category.id), label: category.name }))}
        onValueChange={(value) => onCategoryChange(value === '' ? undefined : Number(value))}
      />
      <div className="overview-regions" role="group" aria-label={t('dashboard.region')}>
        <RegionButton
          label={t('dashboard.allRegions')}
          colour={neutralColour}
          pressed={region === undefined}
          onClick={() => onRegionChange(undefined)}
        />
        {regions.map((name) => (
          <RegionButton
            key={name}
            label={t(`dashboard.regions.${name}`)}
            colour={regionColours[name]}
            pressed={region === name}
            onClick={() => onRegionChange(name)}
          />
        ))}
      </div>
    </div>
  );
}
