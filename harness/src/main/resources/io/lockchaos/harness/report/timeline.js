// Draws report.html's timeline from the JSON in #timeline-data with Apache ECharts (inlined above).
// Data layout: see io.lockchaos.harness.report.ChartJson.
(function () {
  var el = document.getElementById('timeline');
  var source = document.getElementById('timeline-data');
  if (!el || !source || typeof echarts === 'undefined') {
    return;
  }
  var data = JSON.parse(source.textContent);
  var esc = echarts.format.encodeHTML;
  var barColors = { held: '#4e79a7', open: '#9c755f', anomaly: '#d62728' };
  var markStyles = {
    'stale-token': { symbol: 'triangle', color: '#e67e22', size: 11 },
    'failed': { symbol: 'diamond', color: '#8e44ad', size: 10 },
    'indeterminate': { symbol: 'emptyCircle', color: '#7f8c8d', size: 9 },
    'anomaly': { symbol: 'circle', color: '#d62728', size: 11 },
    'final-read': { symbol: 'circle', color: '#2c3e50', size: 8 },
    'fault': { symbol: 'rect', color: '#95a5a6', size: 9 },
    'loss-notice': { symbol: 'pin', color: '#17becf', size: 16 }
  };
  var rows = data.rows.map(function (r) { return r.lane ? r.lane + ' · ' + r.label : r.label; });

  function renderBar(params, api) {
    var row = api.value(0);
    var from = api.coord([api.value(1), row]);
    var to = api.coord([api.value(2), row]);
    var height = api.size([0, 1])[1] * 0.6;
    var shape = echarts.graphic.clipRectByRect(
      { x: from[0], y: from[1] - height / 2, width: Math.max(to[0] - from[0], 1), height: height },
      { x: params.coordSys.x, y: params.coordSys.y, width: params.coordSys.width, height: params.coordSys.height });
    if (!shape) {
      return null;
    }
    var children = [{ type: 'rect', shape: shape, style: { fill: barColors[api.value(4)] } }];
    var label = String(api.value(3));
    if (shape.width > label.length * 6.5 + 6) {
      children.push({ type: 'text', style: { text: label, x: shape.x + 3, y: shape.y + shape.height / 2,
        verticalAlign: 'middle', fill: '#fff', font: '11px sans-serif' } });
    }
    return { type: 'group', children: children };
  }

  // An unsafe window: a dashed orange frame over the earlier holder's bar, from the successor's grant.
  function renderWindow(params, api) {
    var row = api.value(0);
    var from = api.coord([api.value(1), row]);
    var to = api.coord([api.value(2), row]);
    var height = api.size([0, 1])[1] * 0.8;
    var shape = echarts.graphic.clipRectByRect(
      { x: from[0], y: from[1] - height / 2, width: Math.max(to[0] - from[0], 2), height: height },
      { x: params.coordSys.x, y: params.coordSys.y, width: params.coordSys.width, height: params.coordSys.height });
    if (!shape) {
      return null;
    }
    var children = [{ type: 'rect', shape: shape, style: { fill: 'rgba(255, 127, 14, 0.45)', stroke: '#d35400',
      lineWidth: 2, lineDash: [4, 2] } }];
    var label = 'unsafe ' + ((api.value(2) - api.value(1)) / 1000).toFixed(1) + ' s';
    if (shape.width > label.length * 6.5 + 6) {
      // At the frame's right end, clear of the hold bar's own label at its left.
      children.push({ type: 'text', style: { text: label, x: shape.x + shape.width - 3, y: shape.y + shape.height / 2,
        align: 'right', verticalAlign: 'middle', fill: '#fff', font: 'bold 11px sans-serif' } });
    }
    return { type: 'group', children: children };
  }

  var span = Math.max(data.end - data.start, 1);
  var bands = data.bands.map(function (b) {
    // A band narrower than 1/40 of the history keeps its label for the tooltip: many short faults would overprint.
    return [{ name: b[2], xAxis: b[0], tip: b[3], label: { show: b[1] - b[0] > span / 40 } }, { xAxis: b[1] }];
  });
  var marks = data.marks.map(function (m) {
    var s = markStyles[m[2]];
    return { value: [m[0], m[1]], tip: m[3], symbol: s.symbol, symbolSize: s.size, itemStyle: { color: s.color } };
  });

  var chart = echarts.init(el);
  chart.setOption({
    animation: false,
    tooltip: {
      trigger: 'item',
      formatter: function (p) {
        if (p.componentType === 'markArea') { return esc(p.data.tip || p.name); }
        if (p.seriesName === 'holds') { return esc(p.value[5]); }
        if (p.seriesName === 'unsafe windows') { return esc(p.value[3]); }
        return esc(p.data.tip);
      }
    },
    grid: { left: 170, right: 40, top: 30, bottom: 70 },
    xAxis: { type: 'value', min: Math.floor(data.start / 1000) * 1000, max: Math.ceil(data.end / 1000) * 1000,
      axisLabel: { formatter: function (v) { return (v / 1000) + ' s'; } } },
    yAxis: { type: 'category', data: rows, inverse: true, splitLine: { show: true } },
    dataZoom: [
      { type: 'slider', xAxisIndex: 0, filterMode: 'weakFilter', bottom: 15 },
      { type: 'inside', xAxisIndex: 0, filterMode: 'weakFilter' }
    ],
    series: [
      // progressive: 0 draws every bar at once (a few thousand at most), so the page is complete when loaded.
      { name: 'holds', type: 'custom', renderItem: renderBar, encode: { x: [1, 2], y: 0 }, data: data.bars,
        progressive: 0,
        markArea: { silent: false, itemStyle: { color: 'rgba(231, 76, 60, 0.13)' },
          label: { position: 'insideTop', color: '#922b21' }, data: bands } },
      { name: 'unsafe windows', type: 'custom', renderItem: renderWindow, encode: { x: [1, 2], y: 0 },
        data: data.windows || [], z: 4, progressive: 0 },
      { name: 'marks', type: 'scatter', data: marks, z: 5, progressive: 0 }
    ]
  });
  window.addEventListener('resize', function () { chart.resize(); });
}());
