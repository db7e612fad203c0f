import type { ReactNode } from 'react';
import { Button, Result, Spin } from 'antd';
import type { i18n as I18n, TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, type NavigateFunction } from 'react-router';
import type { SceneRecord } from '@ztj/contracts';
import { useParamDefaults, useScene } from '../api';
import type { PlaceNames } from '../conditionText';
import { usePlaceNames } from '../conditions/usePlaceOptions';

/** What a read-only scene page (/scene/…/:id) works with; see {@link useScenePage}. */
export interface ScenePage {
  /** The loaded scene; undefined while `placeholder` stands in. */
  scene: SceneRecord | undefined;
  /** The page while the scene is not there: an error page with "back" (to the list), or a spinner; else null. */
  placeholder: ReactNode;
  t: TFunction<'alarmSettings'>;
  i18n: I18n;
  navigate: NavigateFunction;
  /** The parameter defaults (names, units) the condition texts use. */
  defaults: ReturnType<typeof useParamDefaults>;
  /** Names of the tenant's locations and routes, for position conditions. */
  places: PlaceNames;
}

/** The scene of the route's `:id` with what its read-only pages (detail, params) need to show it. */
export function useScenePage(): ScenePage {
  const { t, i18n } = useTranslation('alarmSettings');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useScene(id);
  const defaults = useParamDefaults();
  const places = usePlaceNames();
  const placeholder = query.isError ? (
    <Result
      status="error"
      title={t('scenes.loadError')}
      subTitle={query.error.message}
      extra={<Button onClick={() => void navigate('/scene/list')}>{t('actions.back')}</Button>}
    />
  ) : query.data ? null : (
    <Spin style={{ display: 'block', margin: '48px auto' }} />
  );
  return { scene: query.isError ? undefined : query.data, placeholder, t, i18n, navigate, defaults, places };
}
