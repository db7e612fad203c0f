import type { ReactNode } from 'react';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MapTileChoice } from '@ztj/contracts';
import { useMapTiles } from './useMapTiles';
import styles from './map.module.css';

/**
 * The layer switch in a map's corner: offline basemap only, or one of the
 * online sources the server allows (`MAP_TILES`); the choice applies to every map and is kept in
 * local storage. Hidden when the server allows no online source (nothing to choose).
 */
export function MapSourceSwitch(): ReactNode {
  const { t } = useTranslation('map');
  const { choice, choices, setChoice } = useMapTiles();
  if (choices.length < 2) return null;
  return (
    <Segmented<MapTileChoice>
      size="small"
      className={styles.switch}
      value={choice}
      onChange={setChoice}
      options={choices.map((c) => ({
        value: c,
        label: (
          <span title={t(`source.${c}.title`)} data-testid={`map-source-${c}`}>
            {t(`source.${c}.label`)}
          </span>
        ),
      }))}
      aria-label={t('switchLabel')}
      data-testid="map-source-switch"
    />
  );
}
