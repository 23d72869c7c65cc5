import { Button, Input, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { AddressValue } from '@gw/contracts';
import type { AMapNamespace, Poi } from './amap';
import { ADDRESS_LABELS } from './messages';

export const MAP_ZOOM = 12;

interface Props {
  AMap: AMapNamespace;
  /** City that searches are limited to. */
  city: string;
  /** Where the map opens when nothing is picked yet. */
  center: [number, number];
  /** The point already picked, if any. */
  point: [number, number] | null;
  onPick: (picked: AddressValue) => void;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;
const poiAddress = (poi: Poi) => `${typeof poi.address === 'string' ? poi.address : ''}${poi.name}`;

/** The AMap map: a click reverse-geocodes to the formatted address; a search lists places in the city. */
export function MapPanel({ AMap, city, center, point, onPick }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const onPickRef = useRef(onPick);
  const moveTo = useRef<(position: [number, number]) => void>(() => {});
  const [pois, setPois] = useState<Poi[]>([]);
  // where the map opens; later picks move the marker instead of rebuilding the map
  const start = useRef({ center: point ?? center, point });

  useEffect(() => {
    onPickRef.current = onPick;
  }, [onPick]);

  useEffect(() => {
    if (!container.current) return;
    const map = new AMap.Map(container.current, { zoom: MAP_ZOOM, center: start.current.center });
    const marker = new AMap.Marker(start.current.point ? { position: start.current.point } : undefined);
    map.add(marker);
    const geocoder = new AMap.Geocoder({ city });
    moveTo.current = (position) => {
      marker.setPosition(position);
      map.setCenter(position);
    };
    map.on('click', ({ lnglat }) => {
      const position: [number, number] = [round(lnglat.getLng()), round(lnglat.getLat())];
      marker.setPosition(position);
      geocoder.getAddress(position, (status, result) => {
        const address = status === 'complete' ? (result.regeocode?.formattedAddress ?? '') : '';
        onPickRef.current({ address, lng: position[0], lat: position[1] });
      });
    });
    return () => map.destroy();
  }, [AMap, city]);

  const search = (keyword: string) => {
    if (!keyword.trim()) return setPois([]);
    new AMap.PlaceSearch({ city, citylimit: true, pageSize: 10 }).search(keyword.trim(), (status, result) =>
      setPois(status === 'complete' ? (result.poiList?.pois ?? []) : []),
    );
  };

  const choose = (poi: Poi) => {
    if (!poi.location) return;
    const position: [number, number] = [round(poi.location.getLng()), round(poi.location.getLat())];
    moveTo.current(position);
    onPickRef.current({ address: poiAddress(poi), lng: position[0], lat: position[1] });
    setPois([]);
  };

  return (
    <div>
      <Input.Search placeholder={ADDRESS_LABELS.search} allowClear onSearch={search} style={{ marginBottom: 8 }} />
      {pois.length > 0 && (
        <div role="list" style={{ maxHeight: 200, overflow: 'auto', marginBottom: 8 }}>
          {pois.map((poi) => (
            <Button key={poi.id} role="listitem" type="text" block style={{ textAlign: 'left' }} onClick={() => choose(poi)}>
              {poi.name}
              <Typography.Text type="secondary"> {typeof poi.address === 'string' ? poi.address : ''}</Typography.Text>
            </Button>
          ))}
        </div>
      )}
      <div ref={container} data-testid="amap" style={{ height: 360 }} />
      <Typography.Text type="secondary">{ADDRESS_LABELS.clickHint}</Typography.Text>
    </div>
  );
}
