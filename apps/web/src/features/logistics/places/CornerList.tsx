import type { ReactNode } from 'react';
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LatLng } from '@ztj/contracts';
import { formatDeg } from './placeForm';
import styles from './places.module.css';

/**
 * The corners of a location's polygon fence as a form control (`value` WGS-84 corners in order,
 * null for a circle fence): each corner with its coordinates and a remove button, and "clear".
 * Corners are added by clicking the map in polygon mode (PointModal).
 */
export function CornerList({
  value,
  onChange,
}: {
  value?: LatLng[] | null;
  onChange?: (next: LatLng[] | null) => void;
}): ReactNode {
  const { t } = useTranslation('places');
  const corners = value ?? [];
  if (corners.length === 0) return <Typography.Text type="secondary">{t('points.noCorners')}</Typography.Text>;
  return (
    <div className={styles.waypointList} data-testid="point-corners">
      {corners.map((c, i) => (
        <div className={styles.pointRow} key={i}>
          <Typography.Text strong>{i + 1}</Typography.Text>
          <span className={styles.coords}>
            {formatDeg(c.lat)}, {formatDeg(c.lng)}
          </span>
          <span style={{ marginLeft: 'auto' }}>
            <Tooltip title={t('actions.remove')}>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('actions.remove')}
                onClick={() => onChange?.(corners.length > 1 ? corners.filter((_, k) => k !== i) : null)}
              />
            </Tooltip>
          </span>
        </div>
      ))}
      <Button size="small" type="link" danger onClick={() => onChange?.(null)} data-testid="point-corners-clear">
        {t('points.clearPolygon')}
      </Button>
    </div>
  );
}
