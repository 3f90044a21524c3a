export { StatusTag, useRowAction } from './actions';
export { ListFilters, type SearchFilter, type StatusFilter } from './ListFilters';
export { ListPage } from './ListPage';
export { type ListSource, ListTable, type PagedSource, type WholeSource } from './ListTable';
export { type PageQuery, readQuery, useListQuery, writeQuery } from './list-query';
export { type FormValues, ModalForm, type ModalFormState, useModalForm } from './ModalForm';
