import type { DashboardView } from '@yaocai/domain';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Chart } from 'react-chartjs-2';

// Only the pieces this chart draws (chart.js is tree-shaken to them).
ChartJS.register(
  BarController,
  BarElement,
  CategoryScale,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

type Day = NonNullable<DashboardView['sales']>['daily'][number];

/** The last 30 days: takings as columns (yuan, left axis), paid orders as a line (right axis). */
export function SalesChart({ daily }: { daily: Day[] }) {
  return (
    <div style={{ height: 280 }} data-testid="admin-dashboard-chart">
      <Chart
        type="bar"
        aria-label="近30天销售额与订单数"
        role="img"
        data={{
          labels: daily.map((d) => d.date.slice(5)),
          datasets: [
            {
              type: 'bar',
              label: '销售额（元）',
              data: daily.map((d) => d.sales),
              backgroundColor: 'rgba(22, 119, 255, 0.55)',
              yAxisID: 'sales',
            },
            {
              type: 'line',
              label: '支付订单数',
              data: daily.map((d) => d.orders),
              borderColor: '#fa8c16',
              backgroundColor: '#fa8c16',
              yAxisID: 'orders',
            },
          ],
        }}
        options={{
          maintainAspectRatio: false,
          animation: false,
          interaction: { mode: 'index', intersect: false },
          scales: {
            sales: { type: 'linear', position: 'left', beginAtZero: true },
            orders: {
              type: 'linear',
              position: 'right',
              beginAtZero: true,
              ticks: { precision: 0 },
              grid: { drawOnChartArea: false },
            },
          },
        }}
      />
    </div>
  );
}
